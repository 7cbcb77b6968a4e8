// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Redactor } from '../context/redaction';
import { secretCases } from '../../tests/fixtures/secret-corpus';
import { mapPositions, redactRawOutput } from './redacted-output';

const KEY = secretCases().find((c) => c.kind === 'aws-access-key-id')!.secret;
const redactor = new Redactor();

describe('redactRawOutput', () => {
  it('keeps colours and replaces a secret written in one piece', () => {
    const out = redactRawOutput(`\x1b[32mkey ${KEY}\x1b[0m\r\n`, redactor);
    expect(out.coloured).toBe(true);
    expect(out.text).toContain('\x1b[32m');
    expect(out.text).not.toContain(KEY);
    expect(out.text).toContain('[REDACTED:');
  });

  it('drops the colours when an escape sequence splits a secret, rather than let it through', () => {
    const out = redactRawOutput(`key ${KEY.slice(0, 8)}\x1b[1m${KEY.slice(8)}\x1b[0m\n`, redactor);
    expect(out.coloured).toBe(false);
    expect(out.text).not.toContain('\x1b');
    expect(out.text.replaceAll('\x1b[1m', '')).not.toContain(KEY);
    expect(out.text).toContain('[REDACTED:');
  });

  it('leaves everything as recorded when redaction is off in the settings', () => {
    const raw = `\x1b[1m${KEY}\x1b[0m`;
    expect(redactRawOutput(raw, new Redactor({ enabled: false, userPatterns: [] })).text).toBe(raw);
  });
});

describe('mapPositions', () => {
  it('maps positions around a replaced secret and never into its placeholder', () => {
    const original = `one ${KEY} two`;
    const redacted = redactor.redact(original).text;
    const placeholderEnd = redacted.indexOf(']') + 1;
    const [before, inside, after, end] = mapPositions(original, redacted, [2, 10, original.length - 2, original.length]);
    expect(before).toBe(2);
    expect(inside).toBe(placeholderEnd);
    expect(redacted.slice(after)).toBe('wo');
    expect(end).toBe(redacted.length);
  });

  it('is the identity when nothing was redacted', () => {
    expect(mapPositions('abc', 'abc', [0, 1, 3])).toEqual([0, 1, 3]);
  });
});
