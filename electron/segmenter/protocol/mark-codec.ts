// SPDX-License-Identifier: MIT
import { randomBytes } from 'node:crypto';

/**
 * The wire format shared with resources/shell-integration: every mark is
 * `ESC ] 133|633 ; <fields> ; <nonce> BEL|ST` (the sequences are named in osc-protocol.ts), and
 * free-text fields (command line, cwd, hostname) are escaped VS Code style so they can never
 * contain `;` or a control byte.
 */

/** Nonces travel through env vars, shell variables and OSC payloads: keep them to a safe alphabet. */
const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * 128 random bits in hex behind a leading `Q`: redaction scans output for the nonce's first byte,
 * and `Q` is the rarest of the safe characters in terminal output (about 1 byte in 15,000 in a
 * corpus of ls, dpkg, ps, logs and source here), so that scan runs at memchr speed.
 */
export const newNonce = (): string => `Q${randomBytes(16).toString('hex')}`;

export const assertValidNonce = (nonce: string): void => {
  if (!NONCE_PATTERN.test(nonce)) throw new Error('segmenter: the nonce must be 8–128 characters of [A-Za-z0-9_-]');
};

/** Undoes the shell scripts' escaping (`\\` and `\xHH`); unknown escapes are kept literally rather than guessed at. */
export const unescapeMarkValue = (value: string): string =>
  value.indexOf('\\') < 0
    ? value
    : value.replace(/\\(\\|x[0-9a-fA-F]{2})/g, (_m, esc: string) =>
        esc === '\\' ? '\\' : String.fromCharCode(Number.parseInt(esc.slice(1), 16)),
      );
