// SPDX-License-Identifier: MIT
import { compileLinearPattern, RedactionPatternError } from './user-pattern';

/**
 * User redaction patterns are compiled by the redactor's own RE2 compiler (see
 * electron/context/redaction/user-pattern.ts), so "it was accepted here" holds there. RE2 matches
 * in time linear in the input whatever the pattern, so there is nothing left to probe for
 * catastrophic backtracking; what remains is one timed run over sample output, a cheap guard
 * against patterns that are linear but still heavy (the compiler already caps their size).
 */
const PROBE_SIZE = 100_000;
export const DEFAULT_PATTERN_BUDGET_MS = 250;

export interface PatternToCheck {
  readonly pattern: string;
  readonly caseInsensitive?: boolean;
}

let sample: string | undefined;

/** A plausible terminal output: paths, key=value pairs, hex, words; deterministic. */
const terminalText = (): string => {
  const words = ['error', 'TOKEN=abc123', '/usr/local/bin', 'npm ERR!', '0x7ffd', 'key: value', 'Bearer', 'a1b2c3', '==>', '$ ls -la'];
  const parts: string[] = [];
  let seed = 7;
  let size = 0;
  while (size < PROBE_SIZE) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const word = words[seed % words.length] ?? '';
    parts.push(word, seed % 7 === 0 ? '\n' : ' ');
    size += word.length + 1;
  }
  return parts.join('');
};

/** Why a user redaction pattern cannot be saved, or null if it can. */
export const checkRedactionPattern = (candidate: PatternToCheck, budgetMs = DEFAULT_PATTERN_BUDGET_MS): string | null => {
  let re;
  try {
    re = compileLinearPattern({ kind: 'check', pattern: candidate.pattern, caseInsensitive: candidate.caseInsensitive ?? false });
  } catch (error) {
    if (error instanceof RedactionPatternError) return error.message.replace(/^Redaction pattern "check": /, '');
    throw error;
  }
  sample ??= terminalText();
  const started = performance.now();
  const matcher = re.matcher(sample);
  while (matcher.find());
  const took = performance.now() - started;
  if (took > budgetMs) {
    return `too slow: takes ${Math.round(took)} ms on ${PROBE_SIZE / 1000} KB of output (over ${budgetMs} ms); simplify it, e.g. smaller repeat counts`;
  }
  return null;
};
