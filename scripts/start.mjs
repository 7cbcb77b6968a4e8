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

const FETCH_TIMEOUT_MS = 180_000;

/**
 * One line from a failed install: its error's message (`TypeError: fetch failed` → `fetch failed`),
 * never the stack trace Electron's installer prints, which says nothing a user can act on.
 */
const installFailure = (result) => {
  if (result.error?.code === 'ETIMEDOUT') return `the download took longer than ${FETCH_TIMEOUT_MS / 60_000} min`;
  if (result.error) return `its installer could not run (${result.error.message})`;
  const lines = String(result.stderr ?? '')
    .split('\n')
    .filter((line) => line.trim() && !/^\s+at /.test(line));
  // The thrown error's own line when there is one (a runtime warning may come first), else the first.
  const line = lines.find((l) => /^\w*Error\b/.test(l)) ?? lines[0];
  const why = line ? line.replace(/^\w*Error(?: \[\w+\])?: /, '').trim() : `exit ${result.status ?? result.signal}`;
  return `the download failed (${why}; no network access to Electron's releases?)`;
};

/** Electron's own installer fetches the binary; npm install skipped it (allowScripts). */
const fetchElectron = () => {
  if (process.env.CI || process.env.CONTEXTERM_NO_ELECTRON) return 'skipped (CI or CONTEXTERM_NO_ELECTRON set)';
  console.log('contexterm: fetching the Electron binary (first launch)…');
  const env = { ...process.env };
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  // Its stderr is kept for the reason; that hides its progress bar, so the line above says what is happening.
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    env,
    stdio: ['ignore', 'inherit', 'pipe'],
    timeout: FETCH_TIMEOUT_MS,
    encoding: 'utf8',
  });
  if (result.status === 0 && electronBinary()) return undefined;
  return installFailure(result);
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
