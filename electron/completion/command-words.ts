// SPDX-License-Identifier: MIT
import { tokenize } from '../agent/quick-fix/tokens';

/** The command a completion is for, read from what is typed at the prompt. */
export interface TypedCommand {
  /** The program ('' while its own name is being typed). */
  readonly program: string;
  /** The finished words after the program, quotes undone. */
  readonly args: readonly string[];
  /** The word under the cursor as typed (quotes kept): what an item replaces. '' after a space. */
  readonly word: string;
}

/** Words that end one simple command: what follows them is a new program. */
const SEPARATORS = new Set(['|', '||', '&&', ';', '&', '|&', '(', '$(', '`']);
/** Wrappers looked through: `sudo git ch` completes git. */
const WRAPPERS = new Set(['sudo', 'doas', 'env', 'time', 'nohup', 'nice', 'command', 'exec', 'builtin']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/u;

/**
 * Splits the typed line into the program, its finished words and the word under the cursor. Only
 * the last simple command counts (after `|`, `&&`, `;`), wrappers and leading `VAR=value` are
 * skipped. A line of control characters or one left inside a quote is taken as it is: the worst
 * outcome is a menu that matches nothing.
 */
export const typedCommand = (line: string): TypedCommand => {
  const tokens = tokenize(line);
  const endsInSpace = line === '' || /\s$/u.test(line);
  const last = endsInSpace ? undefined : tokens.pop();
  const word = last ? line.slice(last.start) : '';
  let start = 0;
  tokens.forEach((token, index) => {
    if (SEPARATORS.has(token.value)) start = index + 1;
  });
  const words = tokens.slice(start).map((token) => token.value);
  while (words.length > 0 && (WRAPPERS.has(words[0]!) || ASSIGNMENT.test(words[0]!))) words.shift();
  const [program = '', ...args] = words;
  return { program, args, word };
};
