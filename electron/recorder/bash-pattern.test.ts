// SPDX-License-Identifier: MIT
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { matchesBashPattern } from './bash-pattern';

/** What bash itself says, with extglob off (`[[ $text == $pattern ]]`, as HISTIGNORE matches). */
const bashSays = (pattern: string, text: string): boolean =>
  execFileSync('/bin/bash', ['--norc', '-c', 'shopt -u extglob; [[ $2 == $1 ]] && echo y || echo n', '_', pattern, text], {
    encoding: 'utf8',
  }).trim() === 'y';

describe('matchesBashPattern', () => {
  const cases: Array<[string, string]> = [
    ['ls', 'ls'],
    ['ls', 'ls -la'],
    ['ls*', 'ls -la'],
    ['*', ''],
    ['*', 'a/b/.c'],
    ['vault *', 'vault read x'],
    ['vault *', 'vault'],
    ['*secret*', 'echo my-secret-thing'],
    ['?', 'a'],
    ['?', 'ab'],
    ['??', 'é1'],
    ['[0-9]x*', '9xsay'],
    ['[0-9]x*', 'axsay'],
    ['[!0-9]x*', 'axsay'],
    ['[^0-9]x*', '1xsay'],
    ['[]a]', ']'],
    ['[!]a]', 'b'],
    ['[[:digit:]]*', '7 things'],
    ['[[:alpha:]][[:space:]]*', 'a b'],
    ['[[:upper:]]', 'a'],
    ['[a-', '[a-'],
    ['[a', '[a'],
    ['x[ab', 'x[ab'],
    ['[a-]', '-'],
    ['[b-a]', 'a'],
    ['\\*', '*'],
    ['\\*', 'x'],
    ['a\\?', 'a?'],
    ['*a*a*a*b', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ['*.txt', '.txt'],
    ['cd*', 'cd /tmp'],
    ['[a\\]]', ']'],
  ];
  it.each(cases)('%j against %j agrees with bash', (pattern, text) => {
    expect(matchesBashPattern(pattern, text)).toBe(bashSays(pattern, text));
  });

  it('takes `&` as the previous line, literally, and matches nothing without one', () => {
    expect(matchesBashPattern('&', 'ls -l', 'ls -l')).toBe(true);
    expect(matchesBashPattern('&', 'ls -la', 'ls -l')).toBe(false);
    expect(matchesBashPattern('&', 'ls *', 'ls *')).toBe(true);
    expect(matchesBashPattern('&', 'ls x', 'ls *')).toBe(false);
    expect(matchesBashPattern('sudo &', 'sudo ls', 'ls')).toBe(true);
    expect(matchesBashPattern('\\&', '&', null)).toBe(true);
    expect(matchesBashPattern('&', '', null)).toBe(false);
  });

  it('stays fast on a long line against many stars', () => {
    const started = performance.now();
    expect(matchesBashPattern('*a*a*a*a*a*b', 'a'.repeat(10_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
