// SPDX-License-Identifier: MIT
// `npm start`: the desktop app where Electron can run, browser mode otherwise (and says why).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildElectronNative } from './electron-native.mjs';
import { ensureBuild } from './ensure-build.mjs';
import { runForwarding, webEntry } from './run-child.mjs';

const root = new URL('..', import.meta.url).pathname;
const electronDir = join(root, 'node_modules', 'electron');

const electronBinary = () => {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
};

/** Electron's own installer fetches the binary; npm install skipped it (allowScripts). */
const fetchElectron = () => {
  if (process.env.CI || process.env.CONTEXTERM_NO_ELECTRON) return 'skipped (CI or CONTEXTERM_NO_ELECTRON set)';
  console.log('contexterm: fetching the Electron binary (first launch)…');
  const env = { ...process.env };
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], { env, stdio: 'inherit', timeout: 180_000 });
  return result.status === 0 && electronBinary() ? undefined : 'the download failed (no network access to Electron releases?)';
};

const startBrowserMode = (reason) => {
  console.log(`contexterm: starting browser mode because Electron is unavailable: ${reason}.`);
  console.log('contexterm: open the printed address in any browser; `npm run web -- --help` lists options.');
  runForwarding(process.execPath, [webEntry, ...process.argv.slice(2)]);
};

ensureBuild();
let binary = electronBinary();
const fetchFailure = binary ? undefined : fetchElectron();
binary = electronBinary();
if (!binary) {
  startBrowserMode(fetchFailure ?? 'no binary');
} else {
  try {
    await buildElectronNative();
    runForwarding(binary, [root, ...process.argv.slice(2)]);
  } catch (error) {
    startBrowserMode(`native modules could not be rebuilt for Electron (${error.message})`);
  }
}
