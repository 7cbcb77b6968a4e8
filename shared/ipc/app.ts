// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { event, invoke, send } from './define';
import { NoteRequest } from './notifications';

export const HostKind = z.enum(['electron', 'web']);

export const AppInfo = z.object({
  version: z.string(),
  host: HostKind,
  platform: z.string(),
  dataDir: z.string(),
  /** Things the user must be told at start (a damaged database was replaced, …). */
  notices: z.array(z.string()),
});
export type AppInfo = z.infer<typeof AppInfo>;

/** Longest link handed to the OS (before and after normalisation): real links are far shorter. */
export const MAX_EXTERNAL_URL = 8192;

export const WEB_PROTOCOLS: readonly string[] = ['http:', 'https:'];

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

export const appChannels = {
  'app:info': invoke(z.strictObject({}), AppInfo),
  /** Opens an http(s) link in the user's browser; anything else is refused (see toExternalUrl). */
  'app:open-external': send(
    z.strictObject({
      // Checked on the raw string: z.url() would first strip the whitespace that toExternalUrl refuses.
      url: z
        .string()
        .max(MAX_EXTERNAL_URL)
        .refine((url) => toExternalUrl(url) !== undefined, 'not an http(s) link that may leave the app'),
    }),
  ),
  /** Desktop only: shows a system notification (a long command finished in the background); browser mode ignores it. */
  'app:notify': send(NoteRequest),
  /** The user clicked the notification `app:notify` showed (sent to the window that asked for it). */
  'app:notification-clicked': event(z.object({ tag: z.string() })),
} as const;
