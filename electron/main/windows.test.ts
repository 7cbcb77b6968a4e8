// SPDX-License-Identifier: MIT
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Electron's binary cannot run here: the window factory is checked against a recording mock. */
const recorded = vi.hoisted(() => ({
  options: undefined as Record<string, unknown> | undefined,
  loaded: [] as string[],
}));

vi.mock('electron', () => {
  class BrowserWindow {
    constructor(options: Record<string, unknown>) {
      recorded.options = options;
    }
    once(): void {}
    loadURL(url: string): Promise<void> {
      recorded.loaded.push(url);
      return Promise.resolve();
    }
  }
  return { BrowserWindow };
});

const { createMainWindow, isOurFrame } = await import('./windows');

describe('main window', () => {
  beforeEach(() => {
    recorded.loaded.length = 0;
    createMainWindow('/app/dist');
  });

  it('runs the renderer isolated and sandboxed, without Node or webviews', () => {
    expect(recorded.options?.webPreferences).toMatchObject({
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
      preload: '/app/dist/electron/preload.cjs',
    });
  });

  it('loads the page from app://, never file://', () => {
    expect(recorded.loaded).toEqual(['app://contexterm/index.html']);
  });

  it('trusts IPC only from its own page', () => {
    expect(isOurFrame('app://contexterm/index.html')).toBe(true);
    expect(isOurFrame('app://contexterm/assets/evil.html')).toBe(false);
    expect(isOurFrame('file:///app/dist/renderer/index.html')).toBe(false);
    expect(isOurFrame('https://evil.example/')).toBe(false);
    expect(isOurFrame(undefined)).toBe(false);
  });
});
