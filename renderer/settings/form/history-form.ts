// SPDX-License-Identifier: MIT
import type { DraftCodec } from '../../../shared/settings/draft';

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

/** `history.excludePatterns` as edited: one text, a pattern a line. */
export const excludePatternsCodec: DraftCodec<string[], string> = {
  toDraft: (patterns) => patterns.join('\n'),
  fromDraft: (text) => patternLines(text).patterns,
};

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
