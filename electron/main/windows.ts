// SPDX-License-Identifier: MIT
import { BrowserWindow } from 'electron';
import { join } from 'node:path';
import { APP_HOME, isAppHome } from './app-protocol';

/**
 * The one place windows are created, with Electron's security checklist applied to the page's
 * preferences. Navigation, popups, webviews and permissions are guarded for every WebContents
 * (security.ts, wired in index.ts), not only for windows made here.
 */
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
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_HOME);
  return window;
};

/** IPC is trusted only from our page (served from app://contexterm, see app-protocol.ts). */
export const isOurFrame = (frameUrl: string | undefined): boolean => isAppHome(frameUrl);
