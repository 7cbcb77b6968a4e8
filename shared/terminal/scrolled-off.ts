// SPDX-License-Identifier: MIT

/** Control-sequence introducers: ESC and the C1 range, which xterm.js also reads as controls. */
const SEQUENCES = /[\x1b\x80-\x9f]/;
/** Anything but printable text, tab, CR and LF (these may change modes, charsets or the screen). */
const NOT_PLAIN = /[^\t\n\r\x20-\x7e\xa0-\uffff]/;

/**
 * The part of a write that a screen of `rows` rows and `scrollback` lines of history cannot show
 * once the write is parsed, replaced by its only lasting effect ("\r\n": a new line, cursor in
 * column 0); `data` itself when nothing can go. A short-line flood (`seq 1 3000000`) is ~18,000
 * lines a 128K batch, and xterm.js spends most of its time on each line scrolling it in, firing
 * per-line events and trimming it out of the history again: the server's mirror (MIRROR_SCROLLBACK lines,
 * electron/pty/screen-mirror.ts) and the page (10,000 by default) then parse only what can still
 * be seen, and the rest costs one scan instead of a scroll per line.
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

/** What ScrolledOffTrim needs of a terminal: xterm.js and its headless build both fit. */
export interface TrimTarget {
  readonly rows: number;
  readonly parser: {
    registerCsiHandler(id: { final: string }, callback: (params: (number | number[])[]) => boolean): { dispose(): void };
  };
  write(data: string, callback?: () => void): void;
}

/**
 * Writes to a terminal through dropScrolledOff, and vouches for it: nothing is dropped while a
 * scroll region is set (DECSTBM, seen in stream order by a parser hook that leaves it to xterm),
 * nor while an earlier write that could set one is still unparsed (xterm parses asynchronously).
 */
export class ScrolledOffTrim {
  private _pending = 0;
  private _region = false;
  private readonly _hook: { dispose(): void };

  constructor(private readonly _term: TrimTarget) {
    this._hook = _term.parser.registerCsiHandler({ final: 'r' }, (params) => {
      const top = Number(params[0] ?? 0);
      const bottom = Number(params[1] ?? 0);
      this._region = !(top <= 1 && (bottom === 0 || bottom >= this._term.rows));
      return false;
    });
  }

  /** Writes `data` (or what of it can still be seen with `scrollback` lines); `parsed` as xterm's callback. */
  write(data: string, scrollback: number, parsed?: () => void): void {
    if (!SEQUENCES.test(data)) {
      const text = this._pending === 0 && !this._region ? dropScrolledOff(data, this._term.rows, scrollback) : data;
      return this._term.write(text, parsed);
    }
    this._pending++;
    this._term.write(data, () => {
      this._pending--;
      parsed?.();
    });
  }

  dispose(): void {
    this._hook.dispose();
  }
}
