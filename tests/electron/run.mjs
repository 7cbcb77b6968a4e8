// SPDX-License-Identifier: MIT
// `npm run test:electron`: the Electron tier (tests/electron/*.electron.ts) against the real desktop
// app. Electron's binary is not installed by `npm ci` here (package.json allowScripts: electron is
// false) and cannot be downloaded on every machine, so without it the tier says so in one line and
// succeeds: the hosted workflow (.github/workflows/ci.yml) fetches the binary and runs it for real.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Why the tier cannot run here, or undefined when an Electron binary is present. */
export const missingElectron = (electronDir = join(root, 'node_modules', 'electron')) => {
  if (!existsSync(join(electronDir, 'package.json'))) return 'the electron package is not installed';
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile))
    return `no Electron binary (${join('node_modules', 'electron', 'dist')} was never downloaded; run \`node node_modules/electron/install.js\` with network access)`;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? undefined : `no Electron binary at ${binary}`;
};

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const why = missingElectron();
  if (why) {
    console.log(`test:electron skipped: ${why}.`);
    process.exit(0);
  }
  // The desktop bundle loads node-pty and better-sqlite3 from .electron-native/ (Electron's ABI).
  const { buildElectronNative } = await import('../../scripts/electron-native.mjs');
  await buildElectronNative();
  run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet']);
  run('npx', ['vitest', 'run', '--project', 'electron', ...process.argv.slice(2)]);
}
