// SPDX-License-Identifier: MIT
import type { TerminalMark } from '../../shared/ipc/pty';
import { displayLine } from '../../shared/text/display-text';
import type { PreludeMark } from '../pty/types';

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
export const restoredScreen = (serialized: string, label: string): string => restoredScreenWithMarks(serialized, label).text;

/** A gutter mark kept with a screen: `line` counts the lines (CRLFs) of the kept text before it. */
export interface KeptMark {
  readonly line: number;
  readonly mark: TerminalMark;
}

/**
 * Commands that were still running when the screen was kept ended with their session: their
 * marks end too (exit unknown) rather than show a run that is long over as running.
 */
const unfinished = (kept: readonly KeptMark[]): KeptMark[] => {
  const ended = new Set(kept.flatMap(({ mark }) => (mark.kind === 'command-end' && mark.commandId ? [mark.commandId] : [])));
  return kept.flatMap(({ line, mark }) =>
    mark.kind === 'command-start' && mark.commandId && !ended.has(mark.commandId)
      ? [{ line, mark: { kind: 'command-end' as const, commandId: mark.commandId, exitCode: null } }]
      : [],
  );
};

/**
 * restoredScreen, with the kept gutter marks placed where their lines begin in the text shown
 * (marks past its end are dropped), so yesterday's commands keep their clickable marks.
 */
export const restoredScreenWithMarks = (
  serialized: string,
  label: string,
  kept: readonly KeptMark[] = [],
): { text: string; marks: PreludeMark[] } => {
  const drawing = safeScreen(serialized)
    .replace(/\x1b\[[0-9;:]*m/g, (sgr) => `${sgr}${DIM}`)
    .replace(/(?:\s|\x1b\[[0-9;:]*[ABCDXm])+$/, '');
  if (drawing.replace(/\x1b\[[0-9;:]*[mABCDX]/g, '').trim() === '') return { text: '', marks: [] };
  const starts = [DIM.length];
  for (let at = drawing.indexOf('\r\n'); at !== -1; at = drawing.indexOf('\r\n', at + 2)) starts.push(DIM.length + at + 2);
  const marks = [...kept, ...unfinished(kept)]
    .filter(({ line }) => Number.isInteger(line) && line >= 0)
    .sort((a, b) => a.line - b.line)
    // Past the end (blank lines trimmed): on the last line shown.
    .map(({ line, mark }) => ({ at: starts[Math.min(line, starts.length - 1)]!, mark }));
  return { text: `${DIM}${drawing}\x1b[0m\r\n${DIM}── ${displayLine(label)} ──\x1b[0m\r\n`, marks };
};
