// SPDX-License-Identifier: MIT
import { displayLine } from '../../shared/text/display-text';

/**
 * CSI sequences the serializer emits for a screen's text that only draw: SGR (m), cursor moves
 * (A B C D) and erase characters (X). Parameters are digits, `;` and `:` only, so no private
 * marker (`?`, `>`…) gets through: no mode, no query, no alternate screen.
 */
const DRAWING = /^\x1b\[[0-9;:]*[mABCDX]$/;

/**
 * One token: an escape sequence of any kind (CSI; OSC/DCS/APC/PM/SOS, 7-bit or C1, with their
 * strings up to ST or BEL; any other ESC + one character), a C1 control, or a run of plain text.
 */
const TOKEN =
  /\x1b\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?|\x1b[\]PX^_][\s\S]*?(?:\x07|\x1b\\|$)|[\x90\x98\x9d-\x9f][\s\S]*?(?:\x07|\x9c|\x1b\\|$)|\x1b[\s\S]?|[\x80-\x9f]|[^\x1b\x80-\x9f]+/g;

/** Plain-text controls that only move within the screen drawn: CR, LF, tab, backspace. */
const OTHER_C0 = /[\x00-\x07\x0b\x0c\x0e-\x1f\x7f]/g;

/**
 * A serialized screen (the mirror's, from the last run) made safe to replay into xterm.js: it
 * came from whatever programs printed, and xterm acts on any control it meets (titles, links,
 * clipboard OSC 52, DECRQSS and other queries whose answers would reach the new shell as typed
 * input, mouse and paste modes, the alternate screen). Only drawing sequences are kept; every
 * other escape, C1 control and stray C0 control is dropped.
 */
export const safeScreen = (serialized: string): string => {
  let out = '';
  for (const [token] of serialized.matchAll(TOKEN)) {
    if (token.startsWith('\x1b')) {
      if (DRAWING.test(token)) out += token;
    } else if (!/^[\x80-\x9f]/.test(token)) out += token.replace(OTHER_C0, '');
  }
  return out;
};

const DIM = '\x1b[2m';

/**
 * A restored pane's earlier screen as it is shown above the new shell: the safe drawing, dimmed
 * (every colour change keeps it dim), trailing blank lines gone, then the label on a line of its
 * own, shown with its controls as visible pictures (it names a directory any program could have
 * chosen). Nothing kept: empty.
 */
export const restoredScreen = (serialized: string, label: string): string => {
  const drawing = safeScreen(serialized)
    .replace(/\x1b\[[0-9;:]*m/g, (sgr) => `${sgr}${DIM}`)
    .replace(/(?:\s|\x1b\[[0-9;:]*[ABCDXm])+$/, '');
  if (drawing.replace(/\x1b\[[0-9;:]*[mABCDX]/g, '').trim() === '') return '';
  return `${DIM}${drawing}\x1b[0m\r\n${DIM}── ${displayLine(label)} ──\x1b[0m\r\n`;
};
