// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeMarkValue, formatMark } from '../testing/format-mark';
import { assertValidNonce, newNonce, unescapeMarkValue } from './mark-codec';

describe('mark codec', () => {
  it('escapes backslash, semicolon and control bytes the VS Code way', () => {
    expect(escapeMarkValue('a\\b;c\nd\te\x7f\x1b')).toBe('a\\\\b\\x3bc\\x0ad\\x09e\\x7f\\x1b');
    expect(escapeMarkValue('ünïcødé ✓')).toBe('ünïcødé ✓');
  });

  it('round-trips any string, and the escaped form has no ; or control byte', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const escaped = escapeMarkValue(s);
        expect(escaped).not.toMatch(/[;\x00-\x1f\x7f]/);
        expect(unescapeMarkValue(escaped)).toBe(s);
      }),
    );
  });

  it('leaves unknown escapes as they are', () => {
    expect(unescapeMarkValue('a\\qb\\x4')).toBe('a\\qb\\x4');
  });

  it('formats marks with the nonce last', () => {
    expect(formatMark('D', 'abcdefgh', 130)).toBe('\x1b]133;D;130;abcdefgh\x07');
    expect(formatMark('P', 'abcdefgh', 'Cwd=/a;b', 'st')).toBe('\x1b]633;P;Cwd=/a\\x3bb;abcdefgh\x1b\\');
  });

  it('makes nonces that pass its own check, and rejects unsafe ones', () => {
    expect(() => assertValidNonce(newNonce())).not.toThrow();
    expect(newNonce()).not.toBe(newNonce());
    for (const bad of ['short', 'has;semicolon', 'has space xxxxxxx', 'x'.repeat(129)]) expect(() => assertValidNonce(bad)).toThrow();
  });
});
