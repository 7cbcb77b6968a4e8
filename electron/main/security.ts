// SPDX-License-Identifier: MIT
import type { Session, WebContents } from 'electron';
import { isAppHome, isAppUrl } from './app-protocol';

/**
 * What the page may ask Chromium for: the async clipboard (copy, copy-on-select, paste, the
 * assistant's copy buttons). Nothing else: no camera, microphone, notifications, HID/USB/serial,
 * fullscreen or `openExternal` (links go through the app:open-external channel instead).
 */
const GRANTED = new Set<string>(['clipboard-read', 'clipboard-sanitized-write']);

/**
 * One rule for both of Chromium's questions: a permission we need, asked by our own page's main
 * frame. Anything else (another origin, a subframe, a check made for no document) is denied.
 */
const isPermissionAllowed = (permission: string, requestingUrl: string | undefined, isMainFrame: boolean): boolean =>
  GRANTED.has(permission) && isMainFrame && isAppUrl(requestingUrl);

/**
 * Chromium asks two different things: *request* (`navigator.clipboard.readText()` prompting) and
 * *check* (`navigator.permissions.query`, and the clipboard's own pre-flight). Without a check
 * handler Electron answers every check with "granted", so both are set, with the same rule. The
 * check handler's `requestingOrigin` is used when the details carry no URL (it is the origin only).
 */
export const hardenSession = (session: Session): void => {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionAllowed(permission, details.requestingUrl, details.isMainFrame)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isPermissionAllowed(permission, details.requestingUrl ?? requestingOrigin, details.isMainFrame),
  );
  // HID, serial and USB device access fall back to this handler: no device is ever ours to use.
  session.setDevicePermissionHandler(() => false);
};

/**
 * Applied to every WebContents the app ever creates (from `web-contents-created`), so a window
 * made anywhere gets it: no `<webview>`, no popups, and no navigation away from our page. Links are
 * not opened from here: the page sends them over app:open-external after the user confirmed, and a
 * window.open or a navigation that bypasses that path is simply refused.
 */
export const hardenWebContents = (contents: WebContents): void => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  // will-frame-navigate covers the main frame and subframes (our page has none; CSP forbids them).
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame || !isAppHome(event.url)) event.preventDefault();
  });
  // A redirect during a load (the protocol handler never redirects) would still move the page.
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
};
