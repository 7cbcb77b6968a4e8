// SPDX-License-Identifier: MIT

/**
 * Recorded text (command lines, directories, host and user names) holds whatever bytes a shell put
 * there, and a hostile remote host chooses them. Written to a terminal, an ESC or C1 control acts
 * (a title change, an OSC 8 link, a DCS that makes xterm.js answer); in the UI or a model's context
 * it is invisible, and a bidi override makes a line read differently from what it runs.
 *
 * For display every such character becomes visible and inert rather than removed, so two names
 * that differ only by a hidden character do not look alike and the user sees that something is
 * there: C0 controls and DEL as their Control Pictures (`\x1b[31m` shows as `␛[31m`, an OSC as
 * `␛]0;title␇`), a C1 control as `␛` and its 7-bit twin (U+009B CSI as `␛[`, which is what it
 * means), bidi embeddings, overrides and isolates and the line/paragraph separators as `⟨U+202E⟩`.
 * Tabs stay. Newlines stay in `displayText` (a multi-line command) and become ␤ in `displayLine`.
 */

const IN_TEXT = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069]/g;
const IN_LINE = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069]/g;

const PICTURE_BASE = 0x2400;
const ESC_PICTURE = '\u241b';

const picture = (char: string): string => {
  const code = char.charCodeAt(0);
  if (code === 0x0a) return '\u2424';
  if (code < 0x20) return String.fromCharCode(PICTURE_BASE + code);
  if (code === 0x7f) return '\u2421';
  if (code <= 0x9f) return ESC_PICTURE + String.fromCharCode(code - 0x40);
  return `⟨U+${code.toString(16).toUpperCase()}⟩`;
};

/** Recorded text for the UI or a model, newlines kept: nothing in it acts on a terminal or reorders. */
export function displayText(text: string): string;
export function displayText(text: string | null): string | null;
export function displayText(text: string | null | undefined): string | null | undefined;
export function displayText(text: string | null | undefined): string | null | undefined {
  return typeof text === 'string' ? text.replace(IN_TEXT, picture) : text;
}

/** As displayText, for one-line places (a title, a badge, a label): a newline shows as ␤. */
export function displayLine(text: string): string;
export function displayLine(text: string | null): string | null;
export function displayLine(text: string | null | undefined): string | null | undefined;
export function displayLine(text: string | null | undefined): string | null | undefined {
  return typeof text === 'string' ? text.replace(IN_LINE, picture) : text;
}
