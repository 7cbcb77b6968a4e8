// SPDX-License-Identifier: MIT

/**
 * The store keeps a command's clean output as its first and last 16K characters with a marker
 * between (electron/store/output/command-output.ts: `capCleanOutput`, and the raw edges of a huge
 * output before it is cleaned). That cut falls wherever it falls: through a token, whose two
 * pieces no text rule recognises any more (29 of a GitHub token's 40 characters went
 * out in a request and in MCP's `contexterm://recent`). The word touching each side of such a
 * marker is therefore masked unless it is plainly a word.
 */
const CUT_MARKER = /\n\.\.\. \(\d+ (?:characters|bytes) omitted\) \.\.\.\n/g;
const CUT_PLACEHOLDER = '[REDACTED:cut]';

/** How far a piece is looked for: a piece longer than this is masked as far as this only. */
const MAX_PIECE = 4096;
/** A shorter piece is too little of any secret to matter. */
const MIN_PIECE = 6;
/** Prose: a word, capitalised or not, with the punctuation that ends one. */
const PLAIN_WORD = /^[("'[]?[A-Za-z][a-z]*[.,;:!?)"'\]]*$/;

const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';

const suspicious = (piece: string): boolean => piece.length >= MIN_PIECE && !PLAIN_WORD.test(piece);

/** Masks the non-blank run ending at `end` (before a marker) and the one starting at `start` (after it). */
export const maskCutEdges = (text: string): { text: string; masked: number } => {
  if (!text.includes(' omitted) ...\n')) return { text, masked: 0 };
  let out = '';
  let copied = 0;
  let masked = 0;
  for (const match of text.matchAll(CUT_MARKER)) {
    const at = match.index;
    if (at < copied) continue;
    let from = at;
    while (from > copied && at - from < MAX_PIECE && !isSpace(text[from - 1]!)) from--;
    const after = at + match[0].length;
    let to = after;
    while (to < text.length && to - after < MAX_PIECE && !isSpace(text[to]!)) to++;
    const before = text.slice(from, at);
    const next = text.slice(after, to);
    const mask = (piece: string): string => (suspicious(piece) ? (masked++, CUT_PLACEHOLDER) : piece);
    out += text.slice(copied, from) + mask(before) + match[0] + mask(next);
    copied = to;
  }
  return copied === 0 ? { text, masked } : { text: out + text.slice(copied), masked };
};
