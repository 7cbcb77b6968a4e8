// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { nearIdentical, replayEdit, variantOf } from './similarity';
import { editDistance, tokenize } from './tokens';

describe('tokenize', () => {
  it('splits on whitespace, undoes quotes and backslashes, and keeps raw offsets', () => {
    const line = `git commit -m "two words" it\\'s 'a b'`;
    const tokens = tokenize(line);
    expect(tokens.map((token) => token.value)).toEqual(['git', 'commit', '-m', 'two words', "it's", 'a b']);
    expect(tokens.map((token) => line.slice(token.start, token.end))).toEqual(['git', 'commit', '-m', '"two words"', "it\\'s", "'a b'"]);
  });
});

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit and gives up above the bound', () => {
    expect(editDistance('gti', 'git')).toBe(1);
    expect(editDistance('buidl', 'build')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
  });
});

describe('variantOf', () => {
  it.each([
    ['gti status', 'git status', 'typo', true],
    ['apt install jq', 'sudo apt install jq', 'sudo', false],
    ['git push origin main', 'git push --force origin main', 'added-flag', false],
    ['ls --colour', 'ls', 'removed-flag', false],
    ['npm run buidl', 'npm run build', 'changed-argument', true],
    ['npm run test', 'npm run test:unit', 'changed-argument', false],
  ] as const)('%s → %s is a %s', (failed, fixed, kind, typo) => {
    expect(variantOf(failed, fixed)).toMatchObject({ kind, typo });
  });

  it.each([
    ['git status', 'git status'],
    ['git status', 'git  "status"'],
    ['make build', 'cargo build'],
    ['git push', 'git push --force origin main'],
    ['git status', 'time git status'],
    ['', 'ls'],
  ])('%s → %s is no variant', (failed, fixed) => {
    expect(variantOf(failed, fixed)).toBeUndefined();
  });

  it('scores a typo fix above an unrelated changed argument', () => {
    expect(variantOf('npm run buidl', 'npm run build')?.score).toBeGreaterThan(variantOf('npm run lint', 'npm run build')?.score ?? 1);
  });
});

describe('nearIdentical', () => {
  it('accepts a changed argument of the same program, not another program', () => {
    expect(nearIdentical('make test-a', 'make test-b')).toBe(true);
    expect(nearIdentical('make test', "make 'test'")).toBe(true);
    expect(nearIdentical('make test', 'cmake test')).toBe(false);
  });
});

describe('replayEdit', () => {
  it('splices the added word into a near-identical line, keeping its quoting', () => {
    expect(replayEdit('git push origin a', 'git push --force origin a', { op: 'insert', index: 2 }, 'git push origin "b c"')).toBe(
      'git push --force origin "b c"',
    );
  });

  it('puts sudo in front and replaces or removes the same word', () => {
    expect(replayEdit('apt install jq', 'sudo apt install jq', { op: 'insert', index: 0 }, 'apt install yq')).toBe('sudo apt install yq');
    expect(replayEdit('npm run buidl -- a', 'npm run build -- a', { op: 'replace', index: 2 }, 'npm run buidl -- b')).toBe(
      'npm run build -- b',
    );
    expect(replayEdit('ls --colour a', 'ls a', { op: 'remove', index: 1 }, 'ls --colour b')).toBe('ls b');
  });

  it('refuses when the word the edit touches differs in the target', () => {
    expect(replayEdit('npm run buidl', 'npm run build', { op: 'replace', index: 2 }, 'npm run tset')).toBeUndefined();
    expect(replayEdit('git push origin a', 'git push --force origin a', { op: 'insert', index: 2 }, 'git pull origin a')).toBeUndefined();
  });
});
