// SPDX-License-Identifier: MIT

/**
 * One word of a command line: its value with quotes and backslashes undone (what the program
 * sees, used to compare), and where its raw text sits in the line (used to splice a fix into another
 * line without re-quoting anything, see candidates.ts's adaptation).
 */
export interface Token {
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

const SPACE = /\s/u;

/**
 * Splits a command line into words the way a POSIX shell would for simple commands: whitespace
 * separates, single quotes are literal, double quotes and backslashes escape. Operators (`|`, `&&`,
 * `;`) stay words of their own text: the finder only compares lines, so it needs words that are
 * equal when the lines agree, not a parse. A small tokenizer rather than a library because this is
 * all it has to do and it must keep each word's offsets.
 */
export const tokenize = (line: string): Token[] => {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && SPACE.test(line[i] ?? '')) i++;
    if (i >= line.length) break;
    const start = i;
    let value = '';
    while (i < line.length && !SPACE.test(line[i] ?? '')) {
      const ch = line[i] ?? '';
      if (ch === "'") {
        const close = line.indexOf("'", i + 1);
        const stop = close === -1 ? line.length : close;
        value += line.slice(i + 1, stop);
        i = stop + 1;
      } else if (ch === '"') {
        i++;
        while (i < line.length && line[i] !== '"') {
          if (line[i] === '\\' && i + 1 < line.length) i++;
          value += line[i] ?? '';
          i++;
        }
        i++;
      } else if (ch === '\\' && i + 1 < line.length) {
        value += line[i + 1] ?? '';
        i += 2;
      } else {
        value += ch;
        i++;
      }
    }
    tokens.push({ value, start, end: Math.min(i, line.length) });
  }
  return tokens;
};

/**
 * Optimal-string-alignment (restricted Damerau-Levenshtein) distance: insertions, deletions,
 * substitutions and swaps of two neighbours each cost 1, so `gti` is one edit from `git`.
 * Gives up early above `max` (returns max + 1), since callers only ask "within max?".
 */
export const editDistance = (a: string, b: string, max = Number.POSITIVE_INFINITY): number => {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
};

/** How many edits still count as a typo of a word: one for short words (`ls`/`sl`), two from five letters. */
const typoBudget = (word: string): number => (word.length <= 4 ? 1 : 2);

/** Whether `a` is a typo of `b` (close but not equal). */
export const isTypo = (a: string, b: string): boolean => {
  if (a === b) return false;
  const budget = Math.min(typoBudget(a), typoBudget(b));
  return editDistance(a, b, budget) <= budget;
};
