// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { checkRedactionPattern } from './regex-safety';

describe('checkRedactionPattern', () => {
  it.each([
    'sk-[A-Za-z0-9]{20,}',
    '(?:password|passwd)\\s*[:=]\\s*\\S+',
    'AKIA[0-9A-Z]{16}',
    '(?<s>itk_[A-Za-z0-9]{24})',
    '-----BEGIN [A-Z ]+-----[\\s\\S]*?-----END [A-Z ]+-----',
  ])('accepts the ordinary secret pattern %s', (pattern) => {
    expect(checkRedactionPattern({ pattern })).toBeNull();
  });

  it.each(['(a+)+$', '(\\w+\\s?)+$', '([a-z0-9]+)*@', '(\\d+)+x', '(.*a){12}', '(x+x+)+y'])(
    'rejects %s, which backtracks catastrophically, within the budget',
    (pattern) => {
      const started = performance.now();
      expect(checkRedactionPattern({ pattern }, 100)).toMatch(/^too slow/);
      expect(performance.now() - started).toBeLessThan(2000);
    },
  );

  it('rejects patterns that do not compile or that match the empty string, with the same flags as the redactor', () => {
    expect(checkRedactionPattern({ pattern: '[' })).toMatch(/^not a valid regular expression/);
    expect(checkRedactionPattern({ pattern: '(?<s>a)(?<s>b)' })).toMatch(/^not a valid regular expression/);
    expect(checkRedactionPattern({ pattern: 'token|' })).toMatch(/empty string/);
    expect(checkRedactionPattern({ pattern: 'TOKEN', caseInsensitive: true })).toBeNull();
  });
});
