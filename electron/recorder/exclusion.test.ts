// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { CommandExclusion } from './exclusion';

const exclusion = (ignoreSpace = true, excludePatterns: string[] = []): CommandExclusion => {
  const result = new CommandExclusion();
  result.update({ ignoreSpace, excludePatterns });
  return result;
};

const rules = (control: string, ignore = '') => ({ control, ignore });

describe('CommandExclusion', () => {
  it("follows the shell's HISTCONTROL: a leading space is kept out only with ignorespace or ignoreboth", () => {
    const excludes = exclusion().excludes;
    expect(excludes({ forms: [' ls'], rules: rules('ignoreboth'), previous: null })).toBe('shell');
    expect(excludes({ forms: [' ls'], rules: rules('ignoredups:ignorespace'), previous: null })).toBe('shell');
    expect(excludes({ forms: [' ls'], rules: rules('ignoredups'), previous: null })).toBeNull();
    expect(excludes({ forms: [' ls'], rules: rules(''), previous: null })).toBeNull();
    // bash tests the space alone.
    expect(excludes({ forms: ['\tls'], rules: rules('ignorespace'), previous: null })).toBeNull();
  });

  it('judges every form of the line: the echo keeps a space the shell trimmed', () => {
    expect(exclusion().excludes({ forms: ['echo hi', ' echo hi'], rules: rules('ignoreboth'), previous: null })).toBe('shell');
  });

  it("applies HISTIGNORE's patterns to the whole line, `&` being the previous one", () => {
    const excludes = exclusion().excludes;
    const histignore = rules('', 'ls:vault *:&');
    expect(excludes({ forms: ['ls'], rules: histignore, previous: null })).toBe('shell');
    expect(excludes({ forms: ['ls -la'], rules: histignore, previous: null })).toBeNull();
    expect(excludes({ forms: ['vault read x'], rules: histignore, previous: null })).toBe('shell');
    expect(excludes({ forms: ['make'], rules: histignore, previous: 'make' })).toBe('shell');
    expect(excludes({ forms: ['make'], rules: histignore, previous: 'make test' })).toBeNull();
  });

  it('keeps out a line the shell said it keeps out (zsh HISTORY_IGNORE), unless told not to follow the shell', () => {
    expect(exclusion().excludes({ forms: ['ls'], rules: rules(''), previous: null, keptOut: true })).toBe('shell');
    expect(exclusion(false).excludes({ forms: ['ls'], rules: rules(''), previous: null, keptOut: true })).toBeNull();
  });

  it('keeps a leading space out of a shell that reports no rules (heuristic mode)', () => {
    expect(exclusion().excludes({ forms: [' ls'], rules: null, previous: null })).toBe('shell');
    expect(exclusion().excludes({ forms: ['\tls'], rules: null, previous: null })).toBe('shell');
  });

  it("with following the shell's rules off, only the user's patterns count", () => {
    const excludes = exclusion(false, ['^vault ']).excludes;
    expect(excludes({ forms: [' ls'], rules: rules('ignoreboth', 'ls'), previous: null })).toBeNull();
    expect(excludes({ forms: [' ls'], rules: null, previous: null })).toBeNull();
    expect(excludes({ forms: ['vault read'], rules: null, previous: null })).toBe('pattern');
  });
});
