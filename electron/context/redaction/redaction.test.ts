// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { decoyCases, secretCases } from '../../../tests/fixtures/secret-corpus';
import { cleanOutput } from '../../segmenter/clean-text';
import { placeholder, Redactor, totalRedactions } from './redactor';
import { compileUserPattern, RedactionPatternError } from './user-pattern';
import { isPlaceholder, shannonEntropy } from './rules/checks';

const redactor = new Redactor();

describe('secret corpus', () => {
  const secrets = secretCases();
  const decoys = decoyCases();

  it('has at least 60 secrets and 60 look-alikes', () => {
    expect(secrets.length).toBeGreaterThanOrEqual(60);
    expect(decoys.length).toBeGreaterThanOrEqual(60);
  });

  it('redacts 100 % of the secrets, each with a labelled placeholder', () => {
    const leaked = secrets.filter((c) => redactor.redact(c.text).text.includes(c.secret));
    expect(leaked.map((c) => `${c.kind}: ${c.text.slice(0, 60)}`)).toEqual([]);
    for (const c of secrets) {
      const { text, counts } = redactor.redact(c.text);
      expect(text).toMatch(/\[REDACTED:[a-z0-9-]+\]/);
      expect(totalRedactions(counts)).toBeGreaterThan(0);
    }
  });

  it('labels most secrets with their specific kind', () => {
    const mislabelled = secrets.filter((c) => !redactor.redact(c.text).text.includes(placeholder(c.kind)));
    expect(mislabelled.map((c) => `${c.kind}: ${redactor.redact(c.text).text.slice(0, 80)}`)).toEqual([]);
  });

  it('touches at most 2 % of the look-alikes', () => {
    const touched = decoys.filter((d) => redactor.redact(d.text).text !== d.text);
    expect(touched.length / decoys.length).toBeLessThanOrEqual(0.02);
    expect(touched.map((d) => `${d.name}: ${redactor.redact(d.text).text.slice(0, 80)}`)).toEqual([]);
  });

  it('still finds secrets when they are embedded in a long mixed log', () => {
    const log = secrets.map((c, i) => `${decoys[i % decoys.length]!.text}\n${c.text}`).join('\n');
    const { text, counts } = redactor.redact(log);
    for (const c of secrets) expect(text).not.toContain(c.secret);
    expect(totalRedactions(counts)).toBeGreaterThanOrEqual(secrets.length);
  });
});

describe('Redactor', () => {
  it('keeps the name of an assignment readable and replaces only the value', () => {
    expect(redactor.redact('export DB_PASSWORD=hunter2 && run').text).toBe(`export DB_PASSWORD=${placeholder('secret-assignment')} && run`);
    expect(redactor.redact('postgres://app:s3cret@db:5432/x').text).toBe(`postgres://app:${placeholder('url-password')}@db:5432/x`);
  });

  it('counts redactions by kind', () => {
    const { counts } = redactor.redact('PASSWORD=a1b2c3\nAPI_TOKEN=zzz999\npostgres://u:p4ss@h/d');
    expect(counts).toEqual({ 'secret-assignment': 2, 'url-password': 1 });
  });

  it('finds a secret that ANSI colour codes split in the raw output, once the output is cleaned', () => {
    const key = 'AK' + 'IA' + 'Q3EXAMPLE7KEYQ2Z';
    const raw = `key: \x1b[1;33m${key.slice(0, 9)}\x1b[0m\x1b[1;33m${key.slice(9)}\x1b[0m`;
    expect(redactor.redact(raw).text).toContain(key.slice(0, 9));
    expect(redactor.redact(cleanOutput(raw)).text).not.toContain(key.slice(9));
  });

  it('does nothing when disabled', () => {
    const off = new Redactor({ enabled: false, userPatterns: [] });
    expect(off.redact('PASSWORD=hunter2').text).toBe('PASSWORD=hunter2');
  });

  it('applies user patterns after the built-ins, replacing the `s` group when there is one', () => {
    const withUser = new Redactor({
      enabled: true,
      userPatterns: [
        { kind: 'employee-id', pattern: 'EMP-\\d{6}', caseInsensitive: false },
        { kind: 'internal-host', pattern: 'host=(?<s>[a-z0-9.-]+\\.corp)', caseInsensitive: true },
      ],
    });
    const { text, counts } = withUser.redact('EMP-123456 logged in, HOST=db1.eu.corp');
    expect(text).toBe(`${placeholder('employee-id')} logged in, HOST=${placeholder('internal-host')}`);
    expect(counts).toEqual({ 'employee-id': 1, 'internal-host': 1 });
  });

  it('rejects user patterns that do not compile or match everything', () => {
    expect(() => compileUserPattern({ kind: 'bad', pattern: '([a-z', caseInsensitive: false })).toThrow(RedactionPatternError);
    expect(() => compileUserPattern({ kind: 'empty', pattern: 'x*', caseInsensitive: false })).toThrow(/empty string/);
  });

  it('stays linear on a multi-megabyte single-line blob', () => {
    const blob = 'QUJD'.repeat(1_250_000);
    const started = performance.now();
    redactor.redact(`payload=${blob}`);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('redacts a provider token that merely looks made up, but not a mask', () => {
    expect(redactor.redact('export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789').text).toBe(
      'export GITHUB_TOKEN=[REDACTED:github-token]',
    );
    expect(redactor.redact('HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx').counts).toEqual({});
  });

  it('knows placeholders and measures entropy', () => {
    for (const p of ['$TOKEN', '${{ secrets.X }}', '<token>', '********', 'null', '[REDACTED:jwt]']) expect(isPlaceholder(p)).toBe(true);
    expect(isPlaceholder('hunter2')).toBe(false);
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBe(2);
  });
});
