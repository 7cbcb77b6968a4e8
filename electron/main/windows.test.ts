// SPDX-License-Identifier: MIT
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Electron's binary cannot run here: the window factory is checked against a recording mock. */
const recorded = vi.hoisted(() => ({
  options: undefined as Record<string, unknown> | undefined,
  handlers: new Map<string, (...args: unknown[]) => void>(),
  openHandler: undefined as ((details: { url: string }) => { action: string }) | undefined,
  permission: undefined as ((wc: unknown, permission: string, callback: (ok: boolean) => void) => void) | undefined,
  opened: [] as string[],
  loaded: [] as string[],
}));

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = {
      setWindowOpenHandler: (handler: typeof recorded.openHandler) => (recorded.openHandler = handler),
      on: (event: string, handler: (...args: unknown[]) => void) => recorded.handlers.set(event, handler),
      session: { setPermissionRequestHandler: (handler: typeof recorded.permission) => (recorded.permission = handler) },
    };
    constructor(options: Record<string, unknown>) {
      recorded.options = options;
    }
    once(): void {}
    loadURL(url: string): Promise<void> {
      recorded.loaded.push(url);
      return Promise.resolve();
    }
  }
  return { BrowserWindow, shell: { openExternal: (url: string) => recorded.opened.push(url) } };
});

const { createMainWindow, isOurFrame } = await import('./windows');

describe('main window', () => {
  beforeEach(() => {
    recorded.opened.length = 0;
    createMainWindow('/app/dist');
  });

  it('runs the renderer isolated and sandboxed, without Node', () => {
    expect(recorded.options?.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      preload: '/app/dist/electron/preload.cjs',
    });
    expect(recorded.loaded).toContain('file:///app/dist/renderer/index.html');
  });

  it('denies new windows and sends only http(s) links to the OS browser', () => {
    expect(recorded.openHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(recorded.openHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(recorded.openHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(recorded.opened).toEqual(['https://example.com/']);
  });

  it('refuses navigation away from the app and webviews', () => {
    const prevented: string[] = [];
    const event = (name: string) => ({ preventDefault: () => prevented.push(name) });
    recorded.handlers.get('will-navigate')?.(event('away'), 'https://evil.example/');
    recorded.handlers.get('will-navigate')?.(event('home'), 'file:///app/dist/renderer/index.html');
    recorded.handlers.get('will-attach-webview')?.(event('webview'));
    expect(prevented).toEqual(['away', 'webview']);
  });

  it('grants only clipboard permissions', () => {
    const answers: Array<[string, boolean]> = [];
    for (const permission of ['clipboard-read', 'clipboard-sanitized-write', 'media', 'geolocation', 'notifications']) {
      recorded.permission?.({}, permission, (ok) => answers.push([permission, ok]));
    }
    expect(answers.filter(([, ok]) => ok).map(([name]) => name)).toEqual(['clipboard-read', 'clipboard-sanitized-write']);
  });

  it('trusts IPC only from its own page', () => {
    expect(isOurFrame('file:///app/dist/renderer/index.html', '/app/dist')).toBe(true);
    expect(isOurFrame('https://evil.example/', '/app/dist')).toBe(false);
    expect(isOurFrame(undefined, '/app/dist')).toBe(false);
  });
});
