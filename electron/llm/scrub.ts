// SPDX-License-Identifier: MIT

const SCRUBBED = '[redacted]';

/**
 * Key shapes that servers echo back, sometimes partly masked ("Incorrect API key provided:
 * sk-abc1****wxyz"): even the visible ends of a key do not belong in the UI or a log.
 */
const KEY_SHAPES: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_*.-]{6,}/g,
  /\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=*-]{6,}/gi,
  /\b(?:x-api-key|api[_-]?key|authorization)(["']?\s*[:=]\s*["']?)[^\s"',}]{6,}/gi,
];

/** Short strings would scrub ordinary words; no real key is this short. */
const MIN_SECRET_LENGTH = 6;

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Removes every known secret and anything shaped like a key from text bound for a message or log. */
export const scrubSecrets = (text: string, secrets: readonly string[] = []): string => {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH) out = out.replace(new RegExp(escape(secret), 'g'), SCRUBBED);
  }
  for (const shape of KEY_SHAPES) {
    out = out.replace(shape, (match, separator?: unknown) =>
      typeof separator === 'string' ? `${match.slice(0, match.indexOf(separator) + separator.length)}${SCRUBBED}` : SCRUBBED,
    );
  }
  return out;
};
