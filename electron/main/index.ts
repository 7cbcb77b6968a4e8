// SPDX-License-Identifier: MIT
import { app, safeStorage, shell } from 'electron';
import { join } from 'node:path';
import { createCore, type Core } from '../core/core';
import { SafeStorageKeyStore } from '../llm/key-store';
import { registerIpcTransport } from './ipc-transport';
import { createMainWindow, isOurFrame } from './windows';

declare const __APP_VERSION__: string;

// dist/electron/main.cjs → dist/
const distDir = join(__dirname, '..');
let core: Core | undefined;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.enableSandbox();
  app.on('second-instance', () => createMainWindow(distDir));
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  void app.whenReady().then(async () => {
    core = await createCore({
      host: 'electron',
      version: __APP_VERSION__,
      dataDir: app.getPath('userData'),
      // API keys encrypted by the OS keychain; the settings page warns on Linux's plaintext fallback.
      keyStore: new SafeStorageKeyStore(join(app.getPath('userData'), 'keys.bin'), safeStorage),
      // Packaged: electron-builder copies resources/shell-integration next to the app.
      ...(app.isPackaged ? { integrationDir: join(process.resourcesPath, 'shell-integration') } : {}),
      openExternal: (url) => void shell.openExternal(url),
    });
    registerIpcTransport(core, (url) => isOurFrame(url, distDir));
    createMainWindow(distDir);
  });

  app.on('window-all-closed', () => app.quit());

  let shuttingDown = false;
  app.on('before-quit', (event) => {
    if (shuttingDown || !core) return;
    shuttingDown = true;
    event.preventDefault();
    void core.shutdown().finally(() => app.quit());
  });
}
