// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequestTarget, safeDecode } from './request-target';

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
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (raw) => void parseRequestTarget(raw)), { numRuns: 2000 });
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (raw) => void parseRequestTarget('/' + raw)), { numRuns: 2000 });
  });
});

describe('safeDecode', () => {
  it('decodes, and answers undefined for malformed escapes', () => {
    expect(safeDecode('a%20b')).toBe('a b');
    expect(safeDecode('%')).toBeUndefined();
    expect(safeDecode('%E0%A4%A')).toBeUndefined();
  });
});
