// SPDX-License-Identifier: MIT
// Which links may leave the app, with no schema: the page checks links with this at start-up, and
// app.ts's channel schemas would bring zod with them.

/** Longest link handed to the OS (before and after normalisation): real links are far shorter. */
export const MAX_EXTERNAL_URL = 8192;

const WEB_PROTOCOLS: readonly string[] = ['http:', 'https:'];

// The URL parser silently drops tabs and newlines anywhere, so `https://x\nfile:///y` would open
// something other than what was shown: any control character refuses the link instead.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// Some mail clients honour `attach=`/`attachment=` in mailto links and attach a local file.
const MAIL_HEADERS = new Set(['to', 'cc', 'bcc', 'subject', 'body']);

/**
 * The canonical form of a link that may leave the app (`new URL(...).href`), or undefined to refuse
 * it: unparsable, a protocol outside `protocols`, control characters, too long, credentials in an
 * http(s) URL (`https://bank.example@evil.example/` reads as the bank; a password in terminal
 * output should not end up in the browser's history), or a mailto link with headers beyond
 * to/cc/bcc/subject/body. The OS only ever receives the string returned here, never the raw input.
 */
export const toExternalUrl = (raw: unknown, protocols: readonly string[] = WEB_PROTOCOLS): string | undefined => {
  if (typeof raw !== 'string' || raw.length > MAX_EXTERNAL_URL || CONTROL.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (!protocols.includes(url.protocol) || url.href.length > MAX_EXTERNAL_URL) return undefined;
  if (url.protocol === 'mailto:') {
    const headers = [...url.searchParams.keys()].map((key) => key.toLowerCase());
    if (url.pathname === '' && !headers.includes('to')) return undefined;
    if (headers.some((key) => !MAIL_HEADERS.has(key))) return undefined;
  } else if (url.username !== '' || url.password !== '' || url.hostname === '') {
    return undefined;
  }
  return url.href;
};
