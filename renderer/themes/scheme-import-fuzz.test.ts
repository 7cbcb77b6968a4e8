// SPDX-License-Identifier: MIT
/// <reference types="vite/client" />
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import DRACULA from './fixtures/Dracula.itermcolors?raw';
import { parsePlist, PlistError, PLIST_LIMITS, type PlistValue } from './plist';
import { parseSchemeFile } from './scheme-import';
import { ANSI_NAMES } from './schemes';

/**
 * Property tests for the import of files from anywhere: whatever the bytes, the reader answers with
 * a value or its own error, in bounded time; and whatever it writes, iTerm2's format reads back.
 */
/** Generous for a loaded 2-core machine; a hang or a quadratic blow-up is far beyond it. */
const SLOW_MS = 1500;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const toXml = (value: PlistValue): string => {
  if (typeof value === 'string') return `<string>${escape(value)}</string>`;
  if (typeof value === 'boolean') return value ? '<true/>' : '<false/>';
  if (typeof value === 'number') return Number.isInteger(value) ? `<integer>${value}</integer>` : `<real>${value}</real>`;
  if (Array.isArray(value)) return `<array>\n${value.map(toXml).join('\n')}\n</array>`;
  return `<dict>\n${Object.entries(value)
    .map(([key, v]) => `\t<key>${escape(key)}</key>\n\t${toXml(v)}`)
    .join('\n')}\n</dict>`;
};

const plistFile = (value: PlistValue) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n${toXml(value)}\n</plist>\n`;

/** What a property list keeps of a value: keys are trimmed, and whitespace-only text is layout. */
const kept = (value: PlistValue): PlistValue => {
  if (typeof value === 'string') return value.trim() ? value : '';
  if (typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(kept);
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key.trim(), kept(v)]));
};

const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const { plistValue } = fc.letrec<{ plistValue: PlistValue }>((tie) => ({
  plistValue: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d)),
    fc.array(tie('plistValue'), { maxLength: 4 }),
    // Distinct trimmed keys, so the expected dictionary has no collisions.
    fc
      .uniqueArray(fc.tuple(text, tie('plistValue')), { maxLength: 4, selector: ([key]) => key.trim() })
      .map((entries) => Object.fromEntries(entries)),
  ),
}));

/** Whatever happens, only a value or a PlistError, and soon. */
const parsesOrRefuses = (input: string): void => {
  const start = performance.now();
  try {
    parsePlist(input);
  } catch (error) {
    if (!(error instanceof PlistError)) throw error;
  }
  expect(performance.now() - start).toBeLessThan(SLOW_MS);
};

/** The settings page's entry point never throws: a scheme or a sentence. */
const importsOrExplains = (input: string): void => {
  const result = parseSchemeFile('fuzz.itermcolors', input);
  if (result.ok) expect(result.schemes.length).toBeGreaterThan(0);
  else expect(result.message).toMatch(/\S/);
};

const XML_PIECES = [
  '<',
  '>',
  '/',
  '&',
  ';',
  '"',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  '<?',
  '?>',
  '<!DOCTYPE plist [',
  ']>',
  '<!ENTITY a "&a;">',
  '&a;',
  '&#x0;',
  '&#1114112;',
  '<dict>',
  '</dict>',
  '<key>',
  '</key>',
  '<array>',
  '<real>',
  '1e999',
  '<plist>',
];

/** A few random edits: delete, insert a piece of XML syntax, or duplicate a span. */
const mutated = (base: string) =>
  fc
    .array(fc.tuple(fc.nat(2), fc.nat(base.length), fc.nat(40), fc.constantFrom(...XML_PIECES)), { minLength: 1, maxLength: 4 })
    .map((edits) =>
      edits.reduce((t, [kind, at, span, piece]) => {
        const from = Math.min(at, t.length);
        const to = Math.min(t.length, from + span);
        if (kind === 0) return t.slice(0, from) + t.slice(to);
        if (kind === 1) return t.slice(0, from) + piece + t.slice(from);
        return t.slice(0, to) + t.slice(from, to) + t.slice(to);
      }, base),
    );

describe('fuzzing the property list reader', () => {
  it('round-trips any property list value', () => {
    fc.assert(
      fc.property(plistValue, (value) => {
        expect(parsePlist(plistFile(value))).toEqual(kept(value));
      }),
      { numRuns: 400 },
    );
  });

  it('answers arbitrary text with a value or a PlistError', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), parsesOrRefuses), { numRuns: 500 });
    const soup = fc
      .array(fc.oneof(fc.constantFrom(...XML_PIECES), fc.string({ maxLength: 3 })), { maxLength: 60 })
      .map((parts) => parts.join(''));
    fc.assert(fc.property(soup, parsesOrRefuses), { numRuns: 1000 });
  });

  it('answers mutations of a real iTerm2 file with a value or a PlistError', () => {
    fc.assert(fc.property(mutated(DRACULA), parsesOrRefuses), { numRuns: 300 });
  });

  it('answers near-limit repetitions of XML syntax quickly', () => {
    const repeated = fc
      .tuple(fc.constantFrom(...XML_PIECES, '<a b="', '<a>x', '</a>', ' '), fc.constantFrom('', '<plist>'))
      .map(([piece, prefix]) => prefix + piece.repeat(Math.floor((PLIST_LIMITS.chars - prefix.length) / piece.length)));
    fc.assert(fc.property(repeated, parsesOrRefuses), { numRuns: 30 });
  });
});

// ——— whole iTerm2 files ———

const ITERM_KEYS = [
  'Background Color',
  'Foreground Color',
  'Cursor Color',
  'Cursor Text Color',
  'Selection Color',
  'Selected Text Color',
  ...ANSI_NAMES.map((_n, i) => `Ansi ${i} Color`),
];
const SCHEME_KEYS = ['background', 'foreground', 'cursor', 'cursorAccent', 'selectionBackground', 'selectionForeground', ...ANSI_NAMES];

const byte = fc.integer({ min: 0, max: 255 });
const rgb = fc.tuple(byte, byte, byte);
const hex = (channels: readonly number[]) => `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** An iTerm2 colour dictionary as iTerm2 writes one: components as floats, plus alpha and colour space. */
const itermColor = ([r, g, b]: readonly number[]): PlistValue => ({
  'Alpha Component': 1,
  'Blue Component': b! / 255,
  'Color Space': 'sRGB',
  'Green Component': g! / 255,
  'Red Component': r! / 255,
});

describe('fuzzing iTerm2 imports', () => {
  it('reads back every colour of a scheme written in iTerm2 format, in any key order', () => {
    const scheme = fc.tuple(fc.array(rgb, { minLength: ITERM_KEYS.length, maxLength: ITERM_KEYS.length }), fc.boolean());
    fc.assert(
      fc.property(scheme, ([colours, reversed]) => {
        const entries = ITERM_KEYS.map((key, i) => [key, itermColor(colours[i]!)] as const);
        const file = plistFile(Object.fromEntries(reversed ? entries.reverse() : entries));
        const result = parseSchemeFile('Round Trip.itermcolors', file);
        expect(result).toEqual({
          ok: true,
          schemes: [{ name: 'Round Trip', colors: Object.fromEntries(SCHEME_KEYS.map((key, i) => [key, hex(colours[i]!)])) }],
        });
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on a mutated real file or on any text: a scheme or a sentence', () => {
    fc.assert(fc.property(mutated(DRACULA), importsOrExplains), { numRuns: 300 });
    // Text that starts like XML or JSON takes each reader's path.
    const anyText = fc
      .tuple(fc.constantFrom('', '<', '<plist>', '{', '['), fc.string({ unit: 'binary', maxLength: 200 }))
      .map(([head, rest]) => head + rest);
    fc.assert(fc.property(anyText, importsOrExplains), { numRuns: 500 });
  });
});
