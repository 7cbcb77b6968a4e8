// SPDX-License-Identifier: MIT

/**
 * Any control sequence but SGR (attributes) and EL (erase in line), and C1 controls: these may
 * move the cursor, set a scroll region or modes, switch buffers or open a string.
 */
const UNSAFE = /[\x80-\x9f]|\x1b(?!\[[0-9;:]*[mK])/;
/** Anything but printable text, tab, CR, LF, and the ESC of an SGR or EL (UNSAFE rules out the rest). */
const NOT_PLAIN = /[^\t\n\r\x1b\x20-\x7e\xa0-\uffff]/;
const SGR = /\x1b\[[0-9;:]*m/g;

/** The SGR sequences of `text` from its last full reset on: the attributes it leaves set. */
const lastingAttributes = (text: string): string => {
  const reset = Math.max(text.lastIndexOf('\x1b[0m'), text.lastIndexOf('\x1b[m'));
  return (reset < 0 ? text : text.slice(reset)).match(SGR)?.join('') ?? '';
};

/**
 * The part of a write that a screen of `rows` rows and `scrollback` lines of history cannot show
 * once the write is parsed, replaced by its only lasting effects: the attributes it set and a new
 * line ("\r\n", cursor in column 0); `data` itself when nothing can go. A short-line flood (`seq 1
 * 3000000`) is ~18,000 lines a 128K batch, and xterm.js spends most of its time on each line
 * scrolling it in, firing per-line events and trimming it out of the history again: the server's
 * mirror (MIRROR_SCROLLBACK lines, electron/pty/screen-mirror.ts) and the page (10,000 by default)
 * then parse only what can still be seen, and the rest costs one scan instead of a scroll per line.
 *
 * Only for text whose one kind of sequence is SGR or EL (a coloured log: `ls --color`, loggers,
 * grep), cut just after a CRLF, and only with at least `scrollback + 2 × rows` LFs after the cut:
 * from any cursor row, at most `rows` of them move the cursor down over old rows, and the rest
 * scroll every line that existed, or that the dropped part would have written, out of the history
 * (wrapped lines only scroll more). What is left is the same either way: the lines written after
 * the cut, the cursor on the last row in the same column, the same attributes when the CRLF before
 * the cut ran (so lines scrolled in with a background colour get it too). EL only erased lines
 * that are gone. The caller vouches that no scroll region is set (then LFs stop scrolling lines
 * out) and that the parser is not inside a sequence when `data` begins.
 */
export const dropScrolledOff = (data: string, rows: number, scrollback: number): string =>
  UNSAFE.test(data) ? data : dropFromSafe(data, rows, scrollback);

/** dropScrolledOff for `data` already known to hold no UNSAFE sequence (one scan of a flood, not two). */
const dropFromSafe = (data: string, rows: number, scrollback: number): string => {
  const needed = scrollback + 2 * rows;
  if (data.length < needed * 2) return data;
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
  const attributes = dropped.includes('\x1b') ? lastingAttributes(dropped) : '';
  return `${attributes}\r\n${data.slice(cut + 1)}`;
};

/**
 * Whether the parser is back in its ground state after `data` (it was before when `before`): the
 * last sequence in it is complete. Conservative: an OSC is only trusted with a BEL after it, and
 * any other string (DCS, APC…) or a C1 control counts as still open.
 */
export const endsInGround = (data: string, before: boolean): boolean => {
  const last = data.lastIndexOf('\x1b');
  for (let i = data.length - 1; i > last; i--) {
    const code = data.charCodeAt(i);
    if (code >= 0x80 && code <= 0x9f) return false;
  }
  if (last < 0) return before;
  const rest = data.slice(last);
  // A complete CSI, or a two-character escape (ST, the ESC \ that ends a string, among them).
  if (/^\x1b\[[0-?]*[ -/]*[@-~]/.test(rest) || /^\x1b[^[\]PX^_]/.test(rest)) return true;
  return rest.startsWith('\x1b]') && rest.includes('\x07');
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
  /** Whether the stream so far ends outside any sequence (a write may end inside one). */
  private _ground = true;
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
    const trimmable = this._pending === 0 && !this._region && this._ground;
    if (!UNSAFE.test(data)) {
      // No C1 control and every ESC begins a complete SGR or EL: after one the parser is in its
      // ground state; with none it is where it was (endsInGround's answer, without its scan).
      this._ground = this._ground || data.includes('\x1b');
      // SGR and EL cannot set a scroll region: only other sequences make later writes wait for the parse.
      return this._term.write(trimmable ? dropFromSafe(data, this._term.rows, scrollback) : data, parsed);
    }
    this._ground = endsInGround(data, this._ground);
    this._pending++;
    this._term.write(data, () => {
      this._pending--;
      parsed?.();
    });
  }

  /** The terminal was reset (RIS) with nothing of this stream left unparsed: no region, no open sequence. */
  reset(): void {
    this._region = false;
    this._ground = true;
  }

  dispose(): void {
    this._hook.dispose();
  }
}
