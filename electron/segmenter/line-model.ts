// SPDX-License-Identifier: MIT

/** What a line-drawing loop stops at: controls (C0 but \t, DEL, C1). */
const SPECIAL = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/g;
const ESC = 0x1b;

export interface RenderedLine {
  /** The line as drawn. */
  readonly text: string;
  /** What is left of the cursor: at a prompt, the prompt plus what was typed. */
  readonly beforeCursor: string;
}

/**
 * Draws one line of terminal output (no LF inside; a CR before the end is a carriage return)
 * through the line model; escape sequences other than the line-editing CSI are dropped.
 */
export const renderLine = (text: string): RenderedLine => {
  const line = new LineModel();
  let i = 0;
  for (;;) {
    SPECIAL.lastIndex = i;
    const match = SPECIAL.exec(text);
    if (!match) {
      line.write(i === 0 ? text : text.slice(i));
      break;
    }
    const at = match.index;
    if (at > i) line.write(text.slice(i, at));
    const code = text.charCodeAt(at);
    i = at + 1;
    if (code === 0x0d) line.carriageReturn();
    else if (code === 0x08) line.backspace();
    else if (code === ESC) i = drawEscape(text, at, line);
  }
  return { text: line.text(), beforeCursor: line.beforeCursor() };
};

export const drawLine = (text: string): string => renderLine(text).text;

/** Index past the escape at `at`, applying erase-in-line and horizontal moves to `line`. */
const drawEscape = (s: string, at: number, line: LineModel): number => {
  const end = s.length;
  if (at + 1 >= end) return end;
  const kind = s.charCodeAt(at + 1);
  if (kind === 0x5b) {
    let i = at + 2;
    while (i < end && s.charCodeAt(i) >= 0x30 && s.charCodeAt(i) <= 0x3f) i++;
    const paramsEnd = i;
    while (i < end && s.charCodeAt(i) >= 0x20 && s.charCodeAt(i) <= 0x2f) i++;
    if (i >= end) return end;
    const final = s.charCodeAt(i);
    if (final < 0x40 || final > 0x7e) return i;
    if (paramsEnd === i && s.charCodeAt(at + 2) !== 0x3f) {
      const n = Number.parseInt(s.slice(at + 2, paramsEnd), 10);
      if (final === 0x4b) line.erase(Number.isNaN(n) ? 0 : n);
      else if (final === 0x47) line.column(Number.isNaN(n) ? 1 : n);
      else if (final === 0x43 || final === 0x44) line.move((final === 0x43 ? 1 : -1) * (Number.isNaN(n) || n === 0 ? 1 : n));
    }
    return i + 1;
  }
  if (kind === 0x5d || kind === 0x50 || kind === 0x58 || kind === 0x5e || kind === 0x5f) {
    for (let i = at + 2; i < end; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x07 || c === 0x18 || c === 0x1a) return i + 1;
      if (c === ESC) return s.charCodeAt(i + 1) === 0x5c ? i + 2 : i;
    }
    return end;
  }
  let i = at + 1;
  while (i < end && s.charCodeAt(i) >= 0x20 && s.charCodeAt(i) <= 0x2f) i++;
  const c = s.charCodeAt(i);
  return c >= 0x30 && c <= 0x7e ? i + 1 : i;
};

/**
 * One terminal line as a program draws it: text runs, carriage return, backspace, erase in line and
 * horizontal cursor moves — enough to turn a progress bar into its last state and to know what is
 * left of the cursor at a prompt, without a VT emulator. Plain text is kept as string runs; only a
 * line that moves its cursor pays for the per-cell model. Cells are code points, not columns: wide
 * characters are off by one cell, which is acceptable for logs and prompts.
 */
class LineModel {
  private _runs: string[] = [];
  private _cells: string[] | undefined;
  private _cursor = 0;

  write(text: string): void {
    if (text.length === 0) return;
    const cells = this._cells;
    if (!cells) {
      this._runs.push(text);
      return;
    }
    for (const ch of text) {
      if (this._cursor < cells.length) cells[this._cursor] = ch;
      else {
        while (cells.length < this._cursor) cells.push(' ');
        cells.push(ch);
      }
      this._cursor++;
    }
  }

  carriageReturn(): void {
    this._toCells();
    this._cursor = 0;
  }

  backspace(): void {
    this._toCells();
    if (this._cursor > 0) this._cursor--;
  }

  /** CSI n G (1-based column). */
  column(n: number): void {
    this._toCells();
    this._cursor = Math.max(0, n - 1);
  }

  /** CSI n C (positive) and CSI n D (negative). */
  move(delta: number): void {
    this._toCells();
    this._cursor = Math.max(0, this._cursor + delta);
  }

  /** CSI n K: 0 cursor to end, 1 start to cursor, 2 whole line. */
  erase(mode: number): void {
    const cells = this._toCells();
    if (mode === 0) {
      if (cells.length > this._cursor) cells.length = this._cursor;
    } else if (mode === 1) {
      for (let i = 0; i <= this._cursor && i < cells.length; i++) cells[i] = ' ';
    } else if (mode === 2) {
      cells.length = 0;
    }
  }

  /** The whole line as drawn (trailing blanks of a redrawn line dropped). */
  text(): string {
    if (!this._cells) return this._runs.length === 1 ? this._runs[0]! : this._runs.join('');
    return this._cells.join('').trimEnd();
  }

  /** What is left of the cursor: the prompt plus what was typed, at a prompt. */
  beforeCursor(): string {
    if (!this._cells) return this.text();
    return this._cells.slice(0, this._cursor).join('');
  }

  /** Returns the line's text and starts a new line. */
  finish(): string {
    const text = this.text();
    this._runs = [];
    this._cells = undefined;
    this._cursor = 0;
    return text;
  }

  private _toCells(): string[] {
    if (this._cells) return this._cells;
    const cells = Array.from(this._runs.join(''));
    this._runs = [];
    this._cells = cells;
    this._cursor = cells.length;
    return cells;
  }
}
