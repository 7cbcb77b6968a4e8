// SPDX-License-Identifier: MIT
import { app, dialog, Notification, protocol, safeStorage, session, shell } from 'electron';
import { join } from 'node:path';
import { createCore, type Core } from '../app/create-core';
import type { Notify } from '../ipc/app-handlers';
import { acquireDataDirLock, type DataDirLock } from '../data-dir/data-dir-lock';
import { describeStartupFailure, installProcessGuards } from '../app/main-failures';
import { SafeStorageKeyStore } from '../llm/key-store';
import { limitNativeArenas } from '../runtime/native-memory';
import { raiseMainFaults } from '../runtime/test-faults';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { openExternalSafely } from './external-links';
import { registerIpcTransport } from './ipc-transport';
import { hardenSession, hardenWebContents } from './security';
import { createMainWindow, isOurFrame } from './windows';

declare const __APP_VERSION__: string;

// dist/electron/main.cjs → dist/
const distDir = join(__dirname, '..');
let core: Core | undefined;
let dataDirLock: DataDirLock | undefined;

// First: a stray rejection or exception is logged, not the end of every terminal (main-failures.ts).
installProcessGuards((message) => console.error(`contexterm: ${message}`));
// Before any worker thread starts (see limitNativeArenas).
limitNativeArenas();

/**
 * Start-up failed (the data directory is another instance's or not the user's, the database is
 * from a newer version, a bug): say so in a dialog (`ready` has come, which Linux needs for it),
 * stop whatever started, release the directory and quit, instead of running on with no window.
 */
const failStartup = async (error: unknown): Promise<void> => {
  const failure = describeStartupFailure(error);
  if (failure.detail) console.error(`contexterm: ${failure.detail}`);
  dialog.showErrorBox('Contexterm could not start', failure.message);
  await core?.shutdown().catch(() => undefined);
  core = undefined;
  dataDirLock?.release();
  dataDirLock = undefined;
  app.exit(1);
};

/** Shown notifications, held so a click still reaches its handler (an unreferenced one may be collected). */
const notes = new Set<Notification>();
const notify: Notify = ({ title, body }, onClick) => {
  if (!Notification.isSupported()) return;
  const note = new Notification({ title, body });
  notes.add(note);
  if (notes.size > 20) notes.delete(notes.values().next().value!);
  note.on('click', () => (notes.delete(note), onClick()));
  note.on('close', () => notes.delete(note));
  note.show();
};

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.enableSandbox();
  // Schemes can only be made privileged before `ready`.
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  // Every WebContents, whoever creates it, is guarded before it can load anything.
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  // Before start-up finished the first window is still coming (and app:// is not served yet).
  app.on('second-instance', () => {
    if (core) createMainWindow(distDir);
  });

  void app.whenReady().then(async () => {
    try {
      // requestSingleInstanceLock() only sees other Electron instances; browser mode (`npm run web
      // -- --data-dir` on this userData) would share the database.
      dataDirLock = acquireDataDirLock(app.getPath('userData'), 'Close it first.');
      hardenSession(session.defaultSession);
      protocol.handle(APP_SCHEME, createAppProtocolHandler(join(distDir, 'renderer')));
      core = await createCore({
        host: 'electron',
        version: __APP_VERSION__,
        dataDir: app.getPath('userData'),
        // API keys encrypted by the OS keychain; the settings page warns on Linux's plaintext fallback.
        keyStore: new SafeStorageKeyStore(join(app.getPath('userData'), 'keys.bin'), safeStorage),
        // Packaged: electron-builder copies resources/shell-integration next to the app.
        ...(app.isPackaged ? { integrationDir: join(process.resourcesPath, 'shell-integration') } : {}),
        openExternal: (url) => void openExternalSafely(url, (safe) => shell.openExternal(safe)),
        notify,
      });
      registerIpcTransport(core, isOurFrame);
      // The first shell starts while the window loads its page (electron/ipc/start.ts).
      core.pageOpening();
      createMainWindow(distDir);
    } catch (error) {
      return failStartup(error);
    }
    raiseMainFaults();
  });

  app.on('window-all-closed', () => app.quit());

  let shuttingDown = false;
  app.on('before-quit', (event) => {
    if (shuttingDown || !core) return;
    shuttingDown = true;
    event.preventDefault();
    void core.shutdown().finally(() => {
      dataDirLock?.release();
      app.quit();
    });
  });
}
