// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../electron/data-dir/data-dir-lock';
import { DEFAULT_STORE_FILE } from '../../electron/store/store';
import { migrations } from '../../electron/store/migrations/index';
import { startServer, type AppServer } from '../e2e/support/app';
import { cleanup, DIALOG_RECORDER, launchDesktop, ROOT, runUntilExit, tempDir, type Desktop } from './support/desktop-app';

// Start-ups that must not run: each says why in the error dialog (electron/main/index.ts,
// failStartup), quits with 1 and leaves the data directory as it found it.

const dirs: string[] = [];
let server: AppServer | undefined;
let desktop: Desktop | undefined;

afterEach(async () => {
  await desktop?.app.close();
  desktop = undefined;
  await server?.stop();
  server = undefined;
  cleanup(dirs);
});

describe('a second instance on the same data directory', () => {
  it('held by browser mode: the lock dialog, exit 1, and the other host keeps its lock', async () => {
    const dataDir = tempDir('ct-electron-locked-', dirs);
    server = await startServer({ dataDir });
    const run = await runUntilExit(DIALOG_RECORDER, dataDir, tempDir('ct-electron-home-', dirs));
    expect(run.code, run.output).toBe(1);
    expect(run.dialogs).toHaveLength(1);
    expect(run.dialogs[0]!.title).toBe('Contexterm could not start');
    expect(run.dialogs[0]!.content).toContain('Close it first.');
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    expect(server.process.exitCode).toBeNull();
  });

  it('held by the desktop app: the second one quits quietly and the first opens a window', async () => {
    const dataDir = tempDir('ct-electron-twice-', dirs);
    desktop = await launchDesktop(dataDir, tempDir('ct-electron-home-', dirs));
    const windows = () => desktop!.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length);
    expect(await windows()).toBe(1);
    // Electron's single-instance lock sees the first instance before the data-dir lock is tried.
    const run = await runUntilExit(ROOT, dataDir, tempDir('ct-electron-home-', dirs));
    expect(run.code, run.output).toBe(0);
    await expect.poll(windows, { timeout: 20_000 }).toBe(2);
  });
});

describe('a database from a newer version', () => {
  it('shows its dialog, exits 1 and releases the lock', async () => {
    const dataDir = tempDir('ct-electron-newer-', dirs);
    const newer = migrations.length + 5;
    const db = new Database(join(dataDir, DEFAULT_STORE_FILE));
    db.pragma(`user_version = ${newer}`);
    db.close();
    const run = await runUntilExit(DIALOG_RECORDER, dataDir, tempDir('ct-electron-home-', dirs));
    expect(run.code, run.output).toBe(1);
    expect(run.dialogs).toHaveLength(1);
    expect(run.dialogs[0]!.content).toContain(`is from a newer version of Contexterm (schema ${newer}`);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});
