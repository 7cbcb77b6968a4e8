// SPDX-License-Identifier: MIT

/** Escape sequences (CSI, OSC and other strings, two-byte escapes), for telling whether a line shows anything. */
const ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?|[ -/]*[0-~])/g;

/**
 * The lines of an output, as the viewer's `data-lines` reports them: every `\n` ends a line, and
 * a last line without one counts when it shows something. So `seq 1 50000` (which ends in a
 * newline) is 50000 lines, not 50001, as `wc -l` says; an output without a final newline gets its
 * last line counted too; an empty output is 0 lines. A `\r` alone never makes a line (it redraws
 * one), and a trailing colour reset after the last newline is not a line.
 */
export const countLines = (text: string): number => {
  let lines = 0;
  let last = -1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    lines++;
    last = at;
  }
  const tail = text.slice(last + 1);
  if (tail.length > 0 && tail.replace(ESCAPES, '').replace(/[\r\x00-\x08\x0b-\x1f\x7f]/g, '').length > 0) lines++;
  return lines;
};

/**
 * Sequences a read-only viewer of recorded output must not obey: switching to the alternate
 * screen (a full-screen program's frames would vanish with it when it switched back), erasing the
 * scrollback (`CSI 3 J`, which would throw away every line above), and a full reset (`ESC c`).
 */
const VIEWER_UNSAFE = /\x1b\[\?(?:1049|1047|47)[hl]|\x1b\[3J|\x1bc/g;

/** Recorded output made safe to paint in the viewer's terminal (which converts lone `\n` itself: convertEol). */
export const viewerText = (text: string): string => text.replace(VIEWER_UNSAFE, '');

/**
 * Rows the viewer's terminal needs to keep every line: each line wraps into ceil(length / cols)
 * rows. Lengths count escape sequences too and wide characters once, so this errs on both sides;
 * the caller adds a margin. One pass over the newline positions: no array of lines.
 */
export const rowsFor = (text: string, cols: number): number => {
  const width = Math.max(1, cols);
  let rows = 0;
  let from = 0;
  for (;;) {
    const at = text.indexOf('\n', from);
    const end = at === -1 ? text.length : at;
    rows += Math.max(1, Math.ceil((end - from) / width));
    if (at === -1) return rows;
    from = at + 1;
  }
};

/** Scrollback for the viewer: the rows of the text with room to spare for wide characters, within `max`. */
export const scrollbackFor = (text: string, cols: number, max: number): number => {
  const rows = rowsFor(text, cols);
  return Math.min(max, Math.ceil(rows * 1.1) + 1000);
};

/**
 * The last `maxLines` lines of a text (all of it when shorter), and how many lines were left out
 * before them. The viewer's terminal holds at most so many; copying still gets everything.
 */
export const lastLines = (text: string, maxLines: number): { text: string; skipped: number } => {
  const total = countLines(text);
  if (total <= maxLines) return { text, skipped: 0 };
  let skip = total - maxLines;
  let at = -1;
  while (skip-- > 0) at = text.indexOf('\n', at + 1);
  return { text: text.slice(at + 1), skipped: total - maxLines };
};

/** Pieces of at most `size` characters, cut only between UTF-16 surrogate pairs, never inside one. */
export const chunksOf = (text: string, size: number): string[] => {
  const out: string[] = [];
  let from = 0;
  while (from < text.length) {
    let to = Math.min(text.length, from + Math.max(2, size));
    const code = text.charCodeAt(to - 1);
    if (to < text.length && code >= 0xd800 && code <= 0xdbff) to--;
    out.push(text.slice(from, to));
    from = to;
  }
  return out;
};
