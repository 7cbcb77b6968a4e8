// SPDX-License-Identifier: MIT

/** Control-sequence introducers: ESC and the C1 range, which xterm.js also reads as controls. */
const SEQUENCES = /[\x1b\x80-\x9f]/;
/** Anything but printable text, tab, CR and LF (these may change modes, charsets or the screen). */
const NOT_PLAIN = /[^\t\n\r\x20-\x7e\xa0-\uffff]/;

/**
 * The part of a write that a screen of `rows` rows and `scrollback` lines of history cannot show
 * once the write is parsed, replaced by its only lasting effect ("\r\n": a new line, cursor in
 * column 0); `data` itself when nothing can go. A short-line flood (`seq 1 3000000`) is ~18,000
 * lines a 128K batch, and a headless xterm spends most of its time scrolling each one in and out
 * of a history of 2,000 (screen-mirror.ts): this keeps what can still be seen, and the rest costs
 * one scan instead of one scroll per line.
 *
 * Only for plain text (no escape sequence anywhere in `data`, nothing but printable characters,
 * tabs, CRs and LFs in what goes), cut just after a CRLF, and only with at least
 * `scrollback + 2 × rows` LFs after the cut: from any cursor row, at most `rows` of them move the
 * cursor down over old rows, and the rest scroll every line that existed, or that the dropped part
 * would have written, out of the history. What is left is the same either way: the lines written
 * after the cut, the cursor on the last row in the same column, the same attributes (plain text
 * sets none). The caller vouches that no scroll region is set (then LFs stop scrolling lines out).
 */
export const dropScrolledOff = (data: string, rows: number, scrollback: number): string => {
  const needed = scrollback + 2 * rows;
  if (data.length < needed * 2 || SEQUENCES.test(data)) return data;
  let lfs = 0;
  let at = data.length;
  while (lfs <= needed) {
    at = data.lastIndexOf('\n', at - 1);
    if (at <= 0) return data;
    lfs++;
  }
  // `at` is the LF with `needed` LFs after it: the cut goes after the last CRLF at or before it,
  // so at least `needed` LFs follow the cut.
  let cut = at;
  while (cut > 0 && !(data.charCodeAt(cut) === 10 && data.charCodeAt(cut - 1) === 13)) cut = data.lastIndexOf('\n', cut - 1);
  if (cut <= 0) return data;
  const dropped = data.slice(0, cut + 1);
  if (NOT_PLAIN.test(dropped)) return data;
  return `\r\n${data.slice(cut + 1)}`;
};

/** Whether a write may carry control sequences (a scroll region among them). */
export const mayCarrySequences = (data: string): boolean => SEQUENCES.test(data);
