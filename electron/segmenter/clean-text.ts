// SPDX-License-Identifier: MIT
import { drawLine } from './line-model';

/** A byte below 0x20 somewhere in the word (exact for this threshold). */
const hasControl = (x: number): boolean => ((x - 0x20202020) & ~x & 0x80808080) !== 0;
const hasZeroByte = (x: number): boolean => ((x - 0x01010101) & ~x & 0x80808080) !== 0;
const DEL_WORD = 0x7f7f7f7f;
/** 0xC2 leads the UTF-8 encoding of the C1 controls U+0080–U+009F. */
const C2_WORD = 0xc2c2c2c2 | 0;

const LF = 0x0a;
const CR = 0x0d;
const ESC = 0x1b;
const REDRAW = -1;
const NO_WORDS = new Int32Array(0);

/**
 * Command output as a reader (or a model) should see it: escape sequences (CSI, OSC such as OSC 8
 * links, DCS/APC/PM/SOS) removed, each line reduced to its final drawn state (so a progress bar
 * redrawn with \r or erase-in-line is its last frame), `\r\n` as `\n`, other controls and C1
 * dropped, invalid UTF-8 as U+FFFD.
 *
 * One pass over the bytes: four bytes at a time are checked with word tricks and copied whole, so
 * plain pty text never meets a per-character loop; escapes and controls are skipped byte-wise; only
 * a line that redraws itself (lone CR, backspace, erase-in-line, column moves) is handed, alone, to
 * the line model.
 */
export function cleanOutput(input: Buffer | string): string {
  const src = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const len = src.length;
  let dst = Buffer.allocUnsafe(len);
  let view = new DataView(dst.buffer, dst.byteOffset, dst.length);
  const base = (4 - (src.byteOffset & 3)) & 3;
  const words = len - base >= 4 ? new Int32Array(src.buffer, src.byteOffset + base, (len - base) >> 2) : NO_WORDS;
  const wordsEnd = base + words.length * 4;
  let i = 0;
  let j = 0;
  let lineSrc = 0;
  let lineDst = 0;
  while (i < len) {
    if (i >= base && i < wordsEnd && ((i - base) & 3) === 0) {
      const x = words[(i - base) >> 2]!;
      if (!hasControl(x) && !hasZeroByte(x ^ DEL_WORD) && !hasZeroByte(x ^ C2_WORD)) {
        view.setInt32(j, x, true);
        i += 4;
        j += 4;
        continue;
      }
    }
    const b = src[i]!;
    if (b >= 0x20 && b !== 0x7f && b !== 0xc2) {
      dst[j++] = b;
      i++;
      continue;
    }
    let next = i + 1;
    if (b === 0xc2) {
      const c = src[i + 1];
      if (c !== undefined && c >= 0x80 && c < 0xa0) next = i + 2;
      else dst[j++] = b;
    } else if (b === LF) {
      dst[j++] = b;
      lineSrc = next;
      lineDst = j;
    } else if (b === 0x09) dst[j++] = b;
    else if (b === ESC) next = skipEscape(src, i);
    else if (b === CR && src[i + 1] !== LF) next = REDRAW;
    else if (b === 0x08) next = REDRAW;
    if (next === REDRAW) {
      // Redraw the whole line through the line model and carry on after it.
      const lineEnd = src.indexOf(LF, i);
      const end = lineEnd < 0 ? len : lineEnd;
      const drawn = Buffer.from(drawLine(src.toString('utf8', lineSrc, end)), 'utf8');
      j = lineDst;
      if (j + drawn.length + (len - end) > dst.length) {
        const grown = Buffer.allocUnsafe(j + drawn.length + (len - end));
        dst.copy(grown, 0, 0, j);
        dst = grown;
        view = new DataView(dst.buffer, dst.byteOffset, dst.length);
      }
      j += drawn.copy(dst, j);
      next = end;
    }
    i = next;
  }
  return dst.toString('utf8', 0, j);
}

/**
 * Index just past the escape sequence at `at`, or REDRAW for the CSI that move the cursor within
 * the line or erase it. Strings (OSC, DCS, SOS, PM, APC) end at BEL or ST, or where CAN, SUB or
 * another ESC cuts them, as in a real terminal; an unfinished sequence runs to the end.
 */
const skipEscape = (src: Buffer, at: number): number => {
  const end = src.length;
  if (at + 1 >= end) return end;
  const kind = src[at + 1]!;
  if (kind === 0x5b) {
    let i = at + 2;
    while (i < end && src[i]! >= 0x30 && src[i]! <= 0x3f) i++;
    const paramsEnd = i;
    while (i < end && src[i]! >= 0x20 && src[i]! <= 0x2f) i++;
    if (i >= end) return end;
    const final = src[i]!;
    if (final < 0x40 || final > 0x7e) return i;
    const moves = final === 0x4b || final === 0x47 || final === 0x43 || final === 0x44;
    if (moves && paramsEnd === i && src[at + 2] !== 0x3f) return REDRAW;
    return i + 1;
  }
  if (kind === 0x5d || kind === 0x50 || kind === 0x58 || kind === 0x5e || kind === 0x5f) {
    for (let i = at + 2; i < end; i++) {
      const c = src[i]!;
      if (c === 0x07 || c === 0x18 || c === 0x1a) return i + 1;
      if (c === ESC) return src[i + 1] === 0x5c ? i + 2 : i;
    }
    return end;
  }
  let i = at + 1;
  while (i < end && src[i]! >= 0x20 && src[i]! <= 0x2f) i++;
  return i < end && src[i]! >= 0x30 && src[i]! <= 0x7e ? i + 1 : i;
};

/**
 * First `headLines` and last `tailLines` lines with `... (K lines omitted) ...` between them; text
 * that fits is returned as is. One trailing newline does not count as an extra line. Works on the
 * newline positions only, so a huge output costs one native scan.
 */
export function summarize(clean: string, headLines = 10, tailLines = 10): string {
  const text = clean.endsWith('\n') ? clean.slice(0, -1) : clean;
  const head = Math.max(0, Math.floor(headLines));
  const tail = Math.max(0, Math.floor(tailLines));
  let headEnd = -1;
  for (let n = 0; n < head; n++) {
    headEnd = text.indexOf('\n', headEnd + 1);
    if (headEnd < 0) return clean;
  }
  const omitStart = headEnd + 1;
  let tailStart = text.length;
  for (let n = 0; n < tail; n++) {
    tailStart = tailStart > 0 ? text.lastIndexOf('\n', tailStart - 1) : -1;
    if (tailStart < omitStart) return clean;
  }
  let omitted = 1;
  for (let at = text.indexOf('\n', omitStart); at >= 0 && at < tailStart; at = text.indexOf('\n', at + 1)) omitted++;
  const parts = [`... (${omitted} lines omitted) ...`];
  if (head > 0) parts.unshift(text.slice(0, headEnd));
  if (tail > 0) parts.push(text.slice(tailStart + 1));
  return parts.join('\n');
}
