// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Redactor } from '.';
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

  // These backtrack catastrophically on V8's engine; on RE2 they are just patterns.
  it.each(['Z(a|a)+$', '(a+)+$', '(\\w+\\s?)+$', '([a-z0-9]+)*@', '(\\d+)+x', '(.*a){12}', '(x+x+)+y'])(
    'accepts %s, which cannot backtrack on the linear-time engine',
    (pattern) => {
      expect(checkRedactionPattern({ pattern })).toBeNull();
    },
  );

  it('redacts with Z(a|a)+$ over Z + 100 000 a + ! in well under 100 ms', () => {
    const redactor = new Redactor({ enabled: true, userPatterns: [{ kind: 'zed', pattern: 'Z(a|a)+$', caseInsensitive: false }] });
    const input = `Z${'a'.repeat(100_000)}!`;
    redactor.redact('warm-up');
    const started = performance.now();
    const { text } = redactor.redact(input);
    expect(performance.now() - started).toBeLessThan(100);
    expect(text).toBe(input);
    expect(redactor.redact(`Z${'a'.repeat(1000)}`).text).toBe('[REDACTED:zed]');
  });

  it('says in plain words what RE2 cannot do', () => {
    expect(checkRedactionPattern({ pattern: 'key(?=[0-9])' })).toMatch(/^not supported: lookahead and lookbehind/);
    expect(checkRedactionPattern({ pattern: '(?<![a-z])tok' })).toMatch(/^not supported: lookahead and lookbehind/);
    expect(checkRedactionPattern({ pattern: '(a)\\1' })).toMatch(/^not supported: backreferences/);
    expect(checkRedactionPattern({ pattern: '(?<q>a)\\k<q>' })).toMatch(/^not supported: backreferences/);
    expect(checkRedactionPattern({ pattern: '\\u00e9' })).toMatch(/\\x\{00e9\}/);
    expect(checkRedactionPattern({ pattern: '[a-z]{1,1000}[0-9]{1,1000}' })).toMatch(/^too complex/);
  });

  it('rejects patterns that do not compile or that match the empty string, with the same flags as the redactor', () => {
    expect(checkRedactionPattern({ pattern: '[' })).toMatch(/^not a valid regular expression/);
    expect(checkRedactionPattern({ pattern: '(?<s>a)(?<s>b)' })).toMatch(/^not a valid regular expression/);
    expect(checkRedactionPattern({ pattern: 'token|' })).toMatch(/empty string/);
    expect(checkRedactionPattern({ pattern: '\\b' })).toMatch(/empty string/);
    expect(checkRedactionPattern({ pattern: 'TOKEN', caseInsensitive: true })).toBeNull();
  });
});
