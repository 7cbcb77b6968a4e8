// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequestTarget, safeDecode, speculative } from './request-target';

describe('parseRequestTarget', () => {
  it('parses origin-form targets', () => {
    const target = parseRequestTarget('/ws?token=abc');
    expect(target?.pathname).toBe('/ws');
    expect(target?.query.get('token')).toBe('abc');
  });

  it('answers undefined, never throws, for targets new URL() rejects or that are not ours', () => {
    for (const raw of ['//[', '//[/ws', 'http://evil/ws', '*', '', 'ws', '/' + 'a'.repeat(9000), undefined]) {
      expect(parseRequestTarget(raw)).toBeUndefined();
    }
  });

  it('never throws on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (raw) => void parseRequestTarget(raw)),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (raw) => void parseRequestTarget('/' + raw)),
      { numRuns: 2000 },
    );
  });
});

describe('safeDecode', () => {
  it('decodes, and answers undefined for malformed escapes', () => {
    expect(safeDecode('a%20b')).toBe('a b');
    expect(safeDecode('%')).toBeUndefined();
    expect(safeDecode('%E0%A4%A')).toBeUndefined();
  });
});

describe('speculative', () => {
  // Chromium sends `Sec-Purpose: prefetch` (and `prefetch;prerender`), older browsers `Purpose: prefetch`.
  it('knows a prefetch or prerender from a page a person opened', () => {
    expect(speculative({ 'sec-purpose': 'prefetch' })).toBe(true);
    expect(speculative({ 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(speculative({ purpose: 'prefetch' })).toBe(true);
    expect(speculative({})).toBe(false);
    expect(speculative({ 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' })).toBe(false);
    expect(speculative({ 'sec-purpose': 'prefetched-not' })).toBe(false);
  });
});
