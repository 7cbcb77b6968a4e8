// SPDX-License-Identifier: MIT
import { RAW_EDGE_BYTES, SUMMARY_LINES } from '../../store/output/command-output';
import type { CommandRecord } from '../domain/ports';
import type { Missing } from './output-lines';

/**
 * The store keeps a 32 KiB excerpt of each command's clean output (head, a marker, tail), so a
 * line count taken from that excerpt says "6211 lines omitted" of `seq 1 100000`. The record's
 * head/tail summary, though, is computed by the store from the whole clean output when the
 * command ends (electron/store/output/command-output.ts), so its omitted-lines marker carries the true
 * count; the line count is not stored anywhere else, so it is read from there.
 */
export interface RecordedLines {
  /** Lines of the whole recorded output (blank ones included), as the record's summary counts them. */
  readonly total: number;
  /**
   * False when the output was so large (over two raw edges) that the store cleaned only its head
   * and tail: the count is then a lower bound.
   */
  readonly exact: boolean;
  /** Bytes of the recorded output stream; null while the command runs. */
  readonly bytes: number | null;
}

const MARKER = /^\.\.\. \((\d+) lines omitted\) \.\.\.$/;

/** Lines of a text the way the store's summary counts them: one trailing newline is not a line. */
export const rawLineCount = (text: string): number => {
  if (text === '') return 0;
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < text.length - 1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
};

/** Null for a record without a summary yet (still running, or recorded before summaries). */
export const recordedLines = (command: Pick<CommandRecord, 'outputSummary' | 'outputStart' | 'outputEnd'>): RecordedLines | null => {
  if (command.outputSummary === '' || command.outputEnd === null) return null;
  const bytes = Math.max(0, command.outputEnd - command.outputStart);
  const summary = command.outputSummary.endsWith('\n') ? command.outputSummary.slice(0, -1) : command.outputSummary;
  const lines = summary.split('\n');
  // A cut summary is exactly head + marker + tail lines; one returned whole has at most head + tail,
  // so output that merely prints a marker-like line cannot pass for the count.
  const middle = lines.length === 2 * SUMMARY_LINES + 1 ? MARKER.exec(lines[SUMMARY_LINES]!) : null;
  const total = middle ? lines.length - 1 + Number(middle[1]) : lines.length;
  return { total, exact: bytes <= 2 * RAW_EDGE_BYTES, bytes };
};

/**
 * Lines of the whole output that `excerpt` (what the store or a reader handed back) does not hold
 * at all: added to whatever a head/tail cut of the excerpt omits, it gives the true omitted count.
 * The excerpt's own marker line and the two lines its cut split stand in for the missing ones,
 * which is why the difference of the two counts is exactly right.
 */
export const missingLines = (recorded: RecordedLines | null, excerpt: string): Missing =>
  recorded ? { lines: Math.max(0, recorded.total - rawLineCount(excerpt)), atLeast: !recorded.exact } : { lines: 0 };

/** The missing lines of one command's excerpt, straight from its record. */
export const missingFromRecord = (command: Pick<CommandRecord, 'outputSummary' | 'outputStart' | 'outputEnd'>, excerpt: string): Missing =>
  missingLines(recordedLines(command), excerpt);
