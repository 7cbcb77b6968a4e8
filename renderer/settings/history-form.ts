// SPDX-License-Identifier: MIT
import type { HistorySettings } from '../../shared/ipc/history';

/** The History & privacy fields as typed: numbers as text, the exclude patterns as one text, a line each. */
export interface HistoryDraft {
  readonly rawMaxMb: string;
  readonly rawMaxAgeDays: string;
  readonly commandRawMaxMb: string;
  readonly recordsMaxAgeDays: string;
  readonly recordsMax: string;
  readonly ignoreSpace: boolean;
  readonly excludePatterns: string;
}

export const historyDraftOf = (h: HistorySettings): HistoryDraft => ({
  rawMaxMb: String(h.rawMaxMb),
  rawMaxAgeDays: String(h.rawMaxAgeDays),
  commandRawMaxMb: String(h.commandRawMaxMb),
  recordsMaxAgeDays: String(h.recordsMaxAgeDays),
  recordsMax: String(h.recordsMax),
  ignoreSpace: h.ignoreSpace,
  excludePatterns: h.excludePatterns.join('\n'),
});

/**
 * The patterns in the text, one a line, and the (1-based) line each came from. Blank lines are
 * spacing, not patterns; anything else is kept exactly, since a space can be part of a pattern.
 */
export const patternLines = (text: string): { patterns: string[]; lines: number[] } => {
  const patterns: string[] = [];
  const lines: number[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    patterns.push(line);
    lines.push(i + 1);
  });
  return { patterns, lines };
};

/** Text that is not a whole number becomes NaN, which the schema rejects with the field's own message. */
const numberAt = (raw: string): number => (raw.trim() === '' ? Number.NaN : Number(raw.trim()));

export const historyOf = (d: HistoryDraft): HistorySettings => ({
  rawMaxMb: numberAt(d.rawMaxMb),
  rawMaxAgeDays: numberAt(d.rawMaxAgeDays),
  commandRawMaxMb: numberAt(d.commandRawMaxMb),
  recordsMaxAgeDays: numberAt(d.recordsMaxAgeDays),
  recordsMax: numberAt(d.recordsMax),
  ignoreSpace: d.ignoreSpace,
  excludePatterns: patternLines(d.excludePatterns).patterns,
});

/**
 * Errors about the exclude patterns (`history.excludePatterns.N` from the schema or the main
 * process's RE2 check, or the list as a whole), told by the line the user sees them on.
 */
export const patternErrors = (errors: Readonly<Record<string, string>>, text: string): string[] => {
  const { lines } = patternLines(text);
  const prefix = 'history.excludePatterns';
  const found: string[] = [];
  if (errors[prefix]) found.push(errors[prefix]);
  for (const [path, message] of Object.entries(errors)) {
    if (!path.startsWith(`${prefix}.`)) continue;
    const index = Number(path.slice(prefix.length + 1).split('.')[0]);
    found.push(Number.isInteger(index) && lines[index] !== undefined ? `line ${lines[index]}: ${message}` : message);
  }
  return found;
};
