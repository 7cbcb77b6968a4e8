// SPDX-License-Identifier: MIT
// Builds Electron-ABI copies of the native modules into .electron-native/, leaving node_modules on
// Node's ABI for tests and browser mode. The Electron bundle resolves node-pty and better-sqlite3
// there (see the electron-native plugin in scripts/build.mjs).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// fileURLToPath, not URL.pathname: on Windows the latter is /C:/…, which join() turns into \C:\….
const root = fileURLToPath(new URL('..', import.meta.url));
const target = join(root, '.electron-native');
const MODULES = ['node-pty', 'better-sqlite3'];
const require = createRequire(import.meta.url);

export const electronVersion = () => JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;

export const buildElectronNative = async () => {
  const version = electronVersion();
  const marker = join(target, '.electron-version');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === version) return;
  rmSync(target, { recursive: true, force: true });
  mkdirSync(join(target, 'node_modules'), { recursive: true });
  const dependencies = {};
  for (const name of MODULES) {
    cpSync(join(root, 'node_modules', name), join(target, 'node_modules', name), { recursive: true });
    dependencies[name] = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  }
  writeFileSync(join(target, 'package.json'), JSON.stringify({ name: 'contexterm-electron-native', private: true, dependencies }));
  const { rebuild } = require('@electron/rebuild');
  console.log(`contexterm: rebuilding ${MODULES.join(', ')} for Electron ${version}…`);
  await rebuild({ buildPath: target, electronVersion: version, onlyModules: MODULES, force: true });
  writeFileSync(marker, version);
};

// Run as a script (`npm run electron:rebuild`); compared as paths so that Windows' drive letters match.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildElectronNative().catch((error) => {
    console.error(`contexterm: native rebuild for Electron failed: ${error.message}`);
    process.exit(1);
  });
}
