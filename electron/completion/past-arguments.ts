// SPDX-License-Identifier: MIT
import type { CompletionItem } from '../../shared/ipc/session';
import { tokenize } from '../agent/quick-fix/tokens';

/** Past arguments offered at most: the most used first. */
const MAX_PAST = 50;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;

/**
 * The user's own past arguments at this position: from recorded lines (newest first) that ran the
 * same program with the same finished words, the word that came next, most used first. A line
 * `isSecret` judges secret-shaped is skipped whole (a token in a command line is the usual way a
 * secret reaches history), and so is any word holding a control character. Private lines never
 * reach here: they are not recorded; forgotten ones are left out by the caller.
 */
export const pastArguments = (
  lines: readonly string[],
  program: string,
  args: readonly string[],
  isSecret: (line: string) => boolean,
): CompletionItem[] => {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const words = tokenize(line).map((token) => line.slice(token.start, token.end));
    if (words[0] !== program || words.length <= args.length + 1) continue;
    if (!args.every((arg, i) => tokenize(words[i + 1]!)[0]?.value === arg)) continue;
    const next = words[args.length + 1]!;
    if (CONTROL.test(next) || next.length > 4096 || isSecret(line)) continue;
    counts.set(next, (counts.get(next) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_PAST)
    .map(([text, count]) => ({
      text,
      kind: 'history' as const,
      description: count === 1 ? 'used once before' : `used ${count} times before`,
    }));
};
