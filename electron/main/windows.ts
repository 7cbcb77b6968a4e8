// SPDX-License-Identifier: MIT
import { BrowserWindow, shell } from 'electron';
import { join } from 'node:path';

const isHttp = (url: string): boolean => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/** The one place windows are created, with Electron's security checklist applied. */
export const createMainWindow = (distDir: string): BrowserWindow => {
  const window = new BrowserWindow({
    width: 1400,
    height: 860,
    minWidth: 640,
    minHeight: 400,
    show: false,
    backgroundColor: '#16181d',
    title: 'Contexterm',
    webPreferences: {
      preload: join(distDir, 'electron', 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      spellcheck: false,
    },
  });
  const { webContents } = window;
  const home = new URL(`file://${join(distDir, 'renderer', 'index.html')}`).href;

  // Links open in the user's browser, never inside the app.
  webContents.setWindowOpenHandler(({ url }) => {
    if (isHttp(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  webContents.on('will-navigate', (event, url) => {
    if (url === home) return;
    event.preventDefault();
    if (isHttp(url)) void shell.openExternal(url);
  });
  webContents.on('will-attach-webview', (event) => event.preventDefault());
  webContents.session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(permission === 'clipboard-sanitized-write' || permission === 'clipboard-read'),
  );

  window.once('ready-to-show', () => window.show());
  void window.loadURL(home);
  return window;
};

export const isOurFrame = (frameUrl: string | undefined, distDir: string): boolean =>
  frameUrl === new URL(`file://${join(distDir, 'renderer', 'index.html')}`).href;
