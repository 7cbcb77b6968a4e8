// SPDX-License-Identifier: MIT
import { createContext, runInContext, type Context } from 'node:vm';

/** Redaction runs over whole command outputs; this is the size a pattern must handle quickly. */
export const PROBE_SIZE = 100_000;
export const DEFAULT_PATTERN_BUDGET_MS = 250;

export interface PatternToCheck {
  readonly pattern: string;
  readonly caseInsensitive?: boolean;
}

/** Same flags as the context engine's redactor (electron/context/redaction.ts), so "it compiled here" holds there. */
const flagsOf = (p: PatternToCheck): string => `gd${p.caseInsensitive ? 'i' : ''}`;

let sandbox: Context | undefined;

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

/**
 * Inputs that expose catastrophic backtracking: it shows on a long run of characters the pattern
 * can match in more than one way, followed by one it cannot, e.g. `(a+)+$` on "aaaa…!".
 */
const run = (chars: string, end = '\u0000'): string => chars.repeat(Math.ceil(PROBE_SIZE / chars.length)) + end;

let commonProbes: string[] | undefined;

const probesFor = (pattern: string): string[] => {
  commonProbes ??= [run('a', '!'), run('0', '!'), run(' ', '!'), run('\n', '!'), run('aA0_-.:=/'), terminalText()];
  const literals = [...new Set(pattern.replace(/\\[a-zA-Z]/g, '').match(/[A-Za-z0-9_=:@./ -]/g) ?? [])].slice(0, 8);
  return [
    ...commonProbes,
    ...literals.map((c) => run(c)),
    ...(literals.length > 1 ? [run(literals.join(''))] : []),
  ];
};

/**
 * Why a user redaction pattern cannot be saved, or null if it can: it must compile, must not match
 * the empty string, and must finish each probe within the budget (per probe, so a loaded machine
 * does not add up to a false alarm; a catastrophic pattern does not finish at all). A runaway regex cannot be
 * interrupted on the main thread; inside `vm` with a timeout V8 terminates it.
 */
export const checkRedactionPattern = (candidate: PatternToCheck, budgetMs = DEFAULT_PATTERN_BUDGET_MS): string | null => {
  let regex: RegExp;
  try {
    regex = new RegExp(candidate.pattern, flagsOf(candidate));
  } catch (error) {
    return `not a valid regular expression: ${(error as Error).message}`;
  }
  if (new RegExp(candidate.pattern, flagsOf(candidate).replace('g', '')).test('')) {
    return 'matches the empty string, so it would redact nothing useful and everything in between';
  }
  sandbox ??= createContext({});
  for (const input of probesFor(candidate.pattern)) {
    sandbox.re = regex;
    sandbox.input = input;
    try {
      runInContext('re.lastIndex = 0; input.replace(re, "")', sandbox, { timeout: budgetMs });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
        return `too slow: takes over ${budgetMs} ms on ${PROBE_SIZE / 1000} KB of output (catastrophic backtracking, e.g. nested quantifiers like (a+)+)`;
      }
      return `fails on sample output: ${(error as Error).message}`;
    } finally {
      sandbox.input = undefined;
      sandbox.re = undefined;
    }
  }
  return null;
};
