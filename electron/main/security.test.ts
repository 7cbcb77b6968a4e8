// SPDX-License-Identifier: MIT
import type { Session, WebContents } from 'electron';
import { beforeEach, describe, expect, it } from 'vitest';
import { hardenSession, hardenWebContents } from './security';

type RequestHandler = (wc: unknown, permission: string, callback: (ok: boolean) => void, details: unknown) => void;
type CheckHandler = (wc: unknown, permission: string, origin: string, details: unknown) => boolean;

const handlers = {
  request: undefined as RequestHandler | undefined,
  check: undefined as CheckHandler | undefined,
  device: undefined as (() => boolean) | undefined,
};
hardenSession({
  setPermissionRequestHandler: (handler: RequestHandler) => (handlers.request = handler),
  setPermissionCheckHandler: (handler: CheckHandler) => (handlers.check = handler),
  setDevicePermissionHandler: (handler: () => boolean) => (handlers.device = handler),
} as unknown as Session);

const PAGE = 'app://contexterm/index.html';
const request = (permission: string, requestingUrl: string, isMainFrame = true) => {
  let answer: boolean | undefined;
  handlers.request?.({}, permission, (ok) => (answer = ok), { requestingUrl, isMainFrame });
  return answer;
};
const check = (permission: string, origin: string, details: Record<string, unknown> = { isMainFrame: true }) =>
  handlers.check?.({}, permission, origin, details);

describe('permissions', () => {
  it('grants the clipboard to our own page, on request and on check', () => {
    for (const permission of ['clipboard-read', 'clipboard-sanitized-write']) {
      expect(request(permission, PAGE), permission).toBe(true);
      expect(check(permission, 'app://contexterm', { isMainFrame: true, requestingUrl: PAGE }), permission).toBe(true);
      expect(check(permission, 'app://contexterm'), `${permission} without a URL`).toBe(true);
    }
  });

  it('denies the clipboard to any other origin, a subframe or a check made for no document', () => {
    for (const url of ['https://evil.example/', 'file:///app/dist/renderer/index.html', 'app://other/index.html']) {
      expect(request('clipboard-read', url), url).toBe(false);
      expect(check('clipboard-read', url, { isMainFrame: true, requestingUrl: url }), url).toBe(false);
    }
    expect(request('clipboard-read', PAGE, false)).toBe(false);
    expect(check('clipboard-read', 'app://contexterm', { isMainFrame: false, requestingUrl: PAGE })).toBe(false);
    expect(check('clipboard-read', '', { isMainFrame: true })).toBe(false);
  });

  it.each([
    'media',
    'geolocation',
    'notifications',
    'openExternal',
    'fullscreen',
    'hid',
    'serial',
    'usb',
    'deprecated-sync-clipboard-read',
    'unknown',
  ])('denies %s even to our page', (permission) => {
    expect(request(permission, PAGE)).toBe(false);
    expect(check(permission, 'app://contexterm', { isMainFrame: true, requestingUrl: PAGE })).toBe(false);
  });

  it('denies every device', () => {
    expect(handlers.device?.()).toBe(false);
  });
});

describe('every WebContents', () => {
  const listeners = new Map<string, (event: Record<string, unknown>) => void>();
  let openHandler: (() => { action: string }) | undefined;

  beforeEach(() => {
    listeners.clear();
    hardenWebContents({
      on: (name: string, listener: (event: Record<string, unknown>) => void) => listeners.set(name, listener),
      setWindowOpenHandler: (handler: () => { action: string }) => (openHandler = handler),
    } as unknown as WebContents);
  });

  const prevented = (name: string, details: Record<string, unknown> = {}) => {
    let stopped = false;
    listeners.get(name)?.({ ...details, preventDefault: () => (stopped = true) });
    return stopped;
  };

  it('refuses webviews and every popup (links go through app:open-external)', () => {
    expect(prevented('will-attach-webview')).toBe(true);
    expect(openHandler?.()).toEqual({ action: 'deny' });
  });

  it('lets the main frame navigate only to our page', () => {
    expect(prevented('will-frame-navigate', { url: PAGE, isMainFrame: true })).toBe(false);
    expect(prevented('will-frame-navigate', { url: `${PAGE}#settings`, isMainFrame: true })).toBe(false);
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://contexterm/assets/x.js', 'javascript:alert(1)']) {
      expect(prevented('will-frame-navigate', { url, isMainFrame: true }), url).toBe(true);
    }
    expect(prevented('will-frame-navigate', { url: PAGE, isMainFrame: false })).toBe(true);
    expect(prevented('will-redirect', { url: 'https://evil.example/' })).toBe(true);
    expect(prevented('will-redirect', { url: PAGE })).toBe(false);
  });
});
