// SPDX-License-Identifier: MIT
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';

/** The repository root: Electron runs it as the app (package.json "main" → dist/electron/main.cjs). */
export const ROOT = join(__dirname, '..', '..', '..');

/** Playwright's own lookup (node_modules/electron/path.txt → dist/…): the binary `npm start` runs too. */
export const electronBinary = (): string => {
  const dir = join(ROOT, 'node_modules', 'electron');
  return join(dir, 'dist', readFileSync(join(dir, 'path.txt'), 'utf8').trim());
};

/** A throwaway directory, removed by `cleanup`. */
export const tempDir = (prefix: string, made: string[]): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};

export const cleanup = (dirs: string[]): void => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
};

/**
 * The environment of every launch: a home of its own (no user dotfiles, no user keychain prompts)
 * and a shell the integration covers (docs/platforms.md): bash on Linux, zsh on macOS (its /bin/bash
 * is 3.2, which runs in the heuristic mode), Git Bash on Windows, which the hosted runners have.
 */
const SHELLS: Partial<Record<NodeJS.Platform, string>> = { darwin: '/bin/zsh', win32: 'C:\\Program Files\\Git\\bin\\bash.exe' };

export const appEnv = (home: string): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith('CONTEXTERM_')) env[key] = value;
  const shell = SHELLS[process.platform] ?? '/bin/bash';
  return { ...env, HOME: home, USERPROFILE: home, SHELL: shell, ELECTRON_ENABLE_LOGGING: '1' };
};

/**
 * Chromium switches for every launch. `--user-data-dir` is what `app.getPath('userData')` returns
 * (the tests check it), so the app's data directory is the throwaway one. `--disable-gpu` keeps
 * xterm on its DOM renderer (renderer/terminal/xterm/renderer-choice.ts uses WebGL only on a real GPU),
 * whose rows the tests read.
 */
export const appArgs = (dataDir: string): string[] => [`--user-data-dir=${dataDir}`, '--disable-gpu'];

export interface Desktop {
  readonly app: ElectronApplication;
  readonly page: Page;
  /** Console errors and uncaught page errors seen since the window appeared. */
  readonly errors: string[];
}

/** Launches the real app on `dataDir` with Playwright and waits for its first terminal. */
export const launchDesktop = async (dataDir: string, home: string): Promise<Desktop> => {
  const app = await _electron.launch({ args: [ROOT, ...appArgs(dataDir)], cwd: ROOT, env: appEnv(home), timeout: 60_000 });
  const page = await app.firstWindow();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  await page.locator('[data-testid="terminal"] .xterm').waitFor({ timeout: 60_000 });
  return { app, page, errors };
};

/** The active terminal's visible rows (xterm's DOM renderer). */
export const waitForTerminalText = async (page: Page, pattern: RegExp, timeout = 20_000): Promise<void> => {
  await page.waitForFunction(
    ([source, flags]) => {
      const doc = (globalThis as unknown as { document: { querySelector(s: string): { innerText: string } | null } }).document;
      const rows = doc.querySelector('[data-testid="terminal"] .xterm-rows');
      return rows !== null && new RegExp(source, flags).test(rows.innerText);
    },
    [pattern.source, pattern.flags] as const,
    { timeout },
  );
};

export const typeInTerminal = async (page: Page, text: string): Promise<void> => {
  await page.locator('[data-testid="terminal"]').click();
  await page.keyboard.type(text);
};

export interface DialogRecord {
  readonly title: string;
  readonly content: string;
}

export interface HeadlessRun {
  readonly code: number | null;
  readonly dialogs: DialogRecord[];
  readonly output: string;
}

/** The app folder that records dialogs (record-dialogs/main.mjs) and then runs the real main bundle. */
export const DIALOG_RECORDER = join(__dirname, 'record-dialogs');

/**
 * Runs the app without Playwright (nothing to drive: it is expected to quit on its own). `app` is
 * DIALOG_RECORDER, which replaces dialog.showErrorBox with a recorder before the app's main runs so
 * a start-up failure's dialog is seen instead of blocking on a modal box, or ROOT (the app as is).
 */
export const runUntilExit = (app: string, dataDir: string, home: string, timeoutMs = 60_000): Promise<HeadlessRun> => {
  const log = join(home, 'dialogs.jsonl');
  const sandbox = process.platform === 'linux' ? ['--no-sandbox'] : []; // as Playwright does on Linux
  const child = spawn(electronBinary(), [app, ...appArgs(dataDir), ...sandbox], {
    cwd: ROOT,
    env: { ...appEnv(home), CONTEXTERM_TEST_APP_MAIN: join(ROOT, 'dist', 'electron', 'main.cjs'), CONTEXTERM_TEST_DIALOG_LOG: log },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the app did not quit within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const dialogs = existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as DialogRecord)
        : [];
      resolve({ code, dialogs, output });
    });
  });
};
