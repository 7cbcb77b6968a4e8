// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Redactor } from '../context/redaction';
import { pastArguments } from './past-arguments';

const redactor = new Redactor();
const isSecret = (line: string) => redactor.redact(line).text !== line;

const LINES = [
  'git checkout feature/login',
  'git checkout main',
  'git checkout feature/login',
  'git push origin main',
  'gitk --all',
  'curl -H "Authorization: Bearer ghp_0123456789abcdefghijABCDEFGHIJ012345" https://api.github.com',
  "git checkout $'evil\u0007'",
];

describe("the user's own past arguments", () => {
  it('offers the word that followed the same program and finished words, most used first', () => {
    expect(pastArguments(LINES, 'git', ['checkout'], isSecret)).toEqual([
      { text: 'feature/login', kind: 'history', description: 'used 2 times before' },
      { text: 'main', kind: 'history', description: 'used once before' },
    ]);
    expect(pastArguments(LINES, 'git', [], isSecret).map((item) => item.text)).toEqual(['checkout', 'push']);
  });

  it('never offers anything from a secret-shaped line, nor a word holding control characters', () => {
    expect(pastArguments(LINES, 'curl', [], isSecret)).toEqual([]);
    expect(pastArguments(['curl -H x https://example.com'], 'curl', [], isSecret).map((item) => item.text)).toEqual(['-H']);
    expect(pastArguments(LINES, 'git', ['checkout'], isSecret).map((item) => item.text)).not.toContain("$'evil\u0007'");
  });
});
