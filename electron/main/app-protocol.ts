// SPDX-License-Identifier: MIT
import type { CustomScheme } from 'electron';
import { StaticFiles } from '../web/static-files';

/**
 * The desktop page is served from `app://contexterm/`, not `file://`: a file page has an opaque
 * origin (so permission and IPC checks could only compare whole file paths), can read other local
 * files once the GrantFileProtocolExtraPrivileges fuse is on, and cannot carry response headers,
 * which is where the desktop's strict CSP lives.
 */
export const APP_SCHEME = 'app';
const APP_HOST = 'contexterm';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_HOME = `${APP_ORIGIN}/index.html`;

/**
 * Standard (relative URLs and a real origin) and secure (a secure context, which the async clipboard
 * API requires). Deliberately without bypassCSP, corsEnabled or service workers.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

/**
 * The desktop page talks to main over IPC only, so unlike browser mode (whose server allows its own
 * WebSocket) nothing may connect anywhere but our own bundle; no frames, workers, plugins or forms.
 * The meta CSP in index.html still applies as well: the browser enforces both, the stricter wins.
 */
export const DESKTOP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // xterm.js positions rows and the cursor with inline styles.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** True for a URL on our own origin (Node's URL gives custom schemes an opaque `origin`, so compare parts). */
export const isAppUrl = (raw: string | undefined): boolean => {
  if (typeof raw !== 'string') return false;
  try {
    const url = new URL(raw);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

/** True for the app's page itself (the only document allowed in a window and over IPC). */
export const isAppHome = (raw: string | undefined): boolean => {
  if (!isAppUrl(raw)) return false;
  const { pathname } = new URL(raw as string);
  return pathname === '/index.html' || pathname === '/';
};

const text = (status: number, body: string): Response =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' } });

/**
 * The `protocol.handle` handler: GET/HEAD of files inside the built renderer (`root`), confined to
 * it by StaticFiles (the same code that serves browser mode), every response with the desktop CSP.
 */
export const createAppProtocolHandler = (root: string): ((request: Request) => Promise<Response>) => {
  const files = new StaticFiles(root);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'method not allowed');
    if (!isAppUrl(request.url)) return text(404, 'not found');
    const pathname = new URL(request.url).pathname;
    if (pathname.includes('\\')) return text(404, 'not found');
    const file = await files.get(pathname);
    if (!file) return text(404, 'not found');
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(file.body), {
      status: 200,
      headers: {
        'content-type': file.type,
        'content-security-policy': DESKTOP_CSP,
        'x-content-type-options': 'nosniff',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      },
    });
  };
};
