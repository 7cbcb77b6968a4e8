// SPDX-License-Identifier: MIT
import type { IBuffer, IBufferCell, IBufferLine } from '@xterm/xterm';

/** What the screen shows between the prompt's end and the end of the typed line. */
export interface ReadInput {
  /** The typed line; the lines of a multi-line input joined by `\n`, without their continuation prompts. */
  readonly text: string;
  /** Where the cursor stands in `text` (0 … text.length). */
  readonly cursor: number;
  /** The shell's own dim autosuggestion after the cursor (fish, zsh-autosuggestions), '' when none. */
  readonly shellSuggestion: string;
  /** False when the screen does not read as a line being typed (the cursor above the prompt's end…). */
  readonly certain: boolean;
}

/**
 * Rows past which a line is not read again on every write: a 10,000-character line is 125 rows at
 * 80 columns, well inside; a runaway paste is answered `certain: false` rather than scanned.
 */
const MAX_ROWS = 400;

/**
 * A continuation prompt at the start of a line of multi-line input: bash's default PS2 (`> `) and
 * zsh's (`%_> `: `quote> `, `for if> `…). fish has none; its indentation is read as typed.
 */
const CONTINUATION_PROMPT = /^(?:[a-z]+ )*[a-z]*> /;

/**
 * Reads the typed line off the buffer, from the prompt's end (`start`, where the shell's B mark
 * left the cursor) to the end of the input: the rows down to the cursor's, and the rows that wrap
 * on from it. Reading the screen, not replaying keys, is what keeps it right through whatever the
 * line editor does (history recall, Tab completion, a paste, a redraw after a resize).
 */
export const readInput = (buffer: IBuffer, start: { readonly line: number; readonly col: number }): ReadInput => {
  const cursorLine = buffer.baseY + buffer.cursorY;
  const cursorX = buffer.cursorX;
  const unsure: ReadInput = { text: '', cursor: 0, shellSuggestion: '', certain: false };
  if (cursorLine < start.line || (cursorLine === start.line && cursorX < start.col)) return unsure;
  let last = cursorLine;
  while (continues(buffer, last) && last - start.line < MAX_ROWS) last++;
  if (last - start.line >= MAX_ROWS) return unsure;
  const cell = buffer.getNullCell();
  const logical: string[] = [];
  let row = '';
  let cursor = -1;
  let ghost = '';
  let ghostStyle: string | undefined;
  /** A right prompt came after the suggestion: no more suggestion cells. */
  let ghostClosed = false;
  /** Blank cells read into the row just before this one, and whether the text before them looked dim. */
  let blanks = 0;
  let dimBefore = false;
  let certain = true;
  for (let y = start.line; y <= last; y++) {
    const line = buffer.getLine(y);
    if (!line) return unsure;
    let from = y === start.line ? start.col : 0;
    if (y > start.line && !line.isWrapped && !isFull(buffer.getLine(y - 1))) {
      logical.push(row.trimEnd());
      row = '';
      const shown = line.translateToString(true);
      const prompt = CONTINUATION_PROMPT.exec(shown);
      // fish has no continuation prompt: it indents the next line to where the first one started.
      if (prompt) from = prompt[0].length;
      else if (shown.slice(0, start.col).trim() === '') from = Math.min(start.col, shown.length - shown.trimStart().length);
    }
    for (let x = from; x < line.length; x++) {
      const current = line.getCell(x, cell);
      if (!current || current.getWidth() === 0) continue;
      if (y === cursorLine && x === cursorX) cursor = textLength(logical, row);
      const chars = current.getChars() || ' ';
      // Past the cursor, text in one dim style is the shell's suggestion, not typed; it starts at
      // most a blank after text that was not dim (a dim right prompt, after a gap, is not one).
      if (
        cursor >= 0 &&
        !ghostClosed &&
        (ghostStyle !== undefined || (chars !== ' ' && blanks <= 1 && !dimBefore && isGhostStyled(current)))
      ) {
        const style = styleOf(current);
        if (ghostStyle === undefined) ghostStyle = style;
        if (chars === ' ' || style === ghostStyle) {
          ghost += chars;
          continue;
        }
        if (/ {2}$/.test(ghost)) ghostClosed = true;
        else certain = false;
      }
      row += chars;
      blanks = chars === ' ' ? blanks + 1 : 0;
      if (chars !== ' ') dimBefore = isGhostStyled(current);
    }
    if (y === cursorLine && cursor < 0) cursor = textLength(logical, row) + Math.max(0, cursorX - line.length);
    blanks = 0;
    dimBefore = false;
  }
  logical.push(withoutRightPrompt(row, cursor - textLength(logical, '')));
  let text = logical.join('\n');
  // Trailing blanks past the cursor are the empty rest of the row; before it they were typed.
  const end = Math.max(cursor, text.trimEnd().length);
  text = text.slice(0, end);
  return { text, cursor: Math.min(cursor, text.length), shellSuggestion: ghost.trimEnd(), certain };
};

/**
 * Whether the typed line goes on in the row below `y`: a row xterm wrapped itself, or one below a
 * full row (zsh and fish draw their own wraps, so xterm does not flag those rows wrapped).
 */
const continues = (buffer: IBuffer, y: number): boolean => {
  const next = buffer.getLine(y + 1);
  return next !== undefined && (next.isWrapped || (isFull(buffer.getLine(y)) && next.translateToString(true) !== ''));
};

const isFull = (line: IBufferLine | undefined): boolean =>
  line !== undefined && line.length > 0 && line.getCell(line.length - 1)?.getChars() !== '';

/**
 * The cursor's row without a right prompt (zsh's RPROMPT, fish's right prompt): text flush with the
 * row's right edge (within 2 cells) after a gap of 2 or more blanks that starts past the cursor.
 */
const withoutRightPrompt = (row: string, cursorInRow: number): string => {
  const right = / {2,}(\S(?:.*\S)?) *$/u.exec(row);
  if (!right || cursorInRow < 0 || row.trimEnd().length < row.length - 2) return row;
  const rightStart = right.index + right[0].length - right[0].trimStart().length;
  return rightStart - 2 >= cursorInRow ? row.slice(0, right.index) : row;
};

const textLength = (logical: readonly string[], row: string): number =>
  logical.reduce((sum, line) => sum + line.length + 1, 0) + row.length;

const styleOf = (cell: IBufferCell): string => `${cell.getFgColorMode()}:${cell.getFgColor()}:${cell.isDim()}:${cell.isItalic()}`;

/** 256-colour greys a shell draws its suggestions in: 8 (bright black), 59 (fish's 555), 232–249. */
const isGreyIndex = (index: number): boolean => index === 8 || index === 59 || index === 102 || (index >= 232 && index <= 249);

const isGhostStyled = (cell: IBufferCell): boolean => {
  if (cell.isDim()) return true;
  if (cell.isFgPalette()) return isGreyIndex(cell.getFgColor());
  if (cell.isFgRGB()) {
    const rgb = cell.getFgColor();
    const [r, g, b] = [(rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff];
    return Math.max(r, g, b) - Math.min(r, g, b) < 16 && r > 0x30 && r < 0xb0;
  }
  return false;
};
