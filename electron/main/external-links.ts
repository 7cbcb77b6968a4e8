// SPDX-License-Identifier: MIT
import { toExternalUrl } from '../../shared/ipc/app';

/** What the desktop app may hand to the OS: web pages and mail (nothing that runs or reads files). */
const EXTERNAL_PROTOCOLS: readonly string[] = ['http:', 'https:', 'mailto:'];

/**
 * The only way a URL reaches `shell.openExternal`. Main does not trust the contract's check alone:
 * the OS receives the normalised `href`, never the caller's string, and anything refused by
 * `toExternalUrl` (javascript:, file:, smb:, control characters, credentials, …) is dropped.
 * Returns what was opened, or undefined. A failing OS handler must not become an unhandled rejection.
 */
export const openExternalSafely = (raw: unknown, open: (url: string) => Promise<void>): string | undefined => {
  const url = toExternalUrl(raw, EXTERNAL_PROTOCOLS);
  if (url === undefined) return undefined;
  void open(url).catch(() => undefined);
  return url;
};
