// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { BUILTIN_RULES, BUILTIN_SPECS } from './builtin-rules';
import { Redactor } from './redactor';

/**
 * Built-in rules run on V8's backtracking engine, so each must stay linear in practice: every
 * repetition before the secret is bounded. These inputs are what would expose one that is not:
 * megabytes of a rule's own prefix or keyword, repeated, or followed by a long run it can match.
 */
const MB = 1 << 20;

const fill = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** The literal text a pattern starts with (`\bsk-ant-[…` → `sk-ant-`). */
const leadingLiteral = (pattern: string): string => {
  const body = pattern.replace(/^(?:\\b|\(\?<![^)]*\)|\(\?:\(\?<=[^)]*\)\|\(\?<![^)]*\)\))/, '');
  return (/^(?:[A-Za-z0-9_~ :/=-]|\\[.\\/-])+/.exec(body)?.[0] ?? '').replace(/\\(.)/g, '$1');
};

const seeds = (): string[] => {
  const words = new Set<string>([
    'PASSWORD=',
    'password: ',
    'token=',
    'Authorization: ',
    'curl -u a:',
    'echo x | ',
    'net use \\\\a ',
    '"',
    "'",
    '\\\n',
    'a:',
    '://a:b',
  ]);
  for (const spec of BUILTIN_SPECS) {
    const literal = leadingLiteral(spec.pattern);
    if (literal.length >= 2) words.add(literal);
    for (const k of spec.keywords ?? []) words.add(k);
  }
  return [...words];
};

/** One adversarial shape per seed, cycling through repeats, long runs and mixes. */
const adversarialInputs = (size: number): Array<[string, string]> => {
  const inputs: Array<[string, string]> = [
    ['base64 line', fill('QUJDZGVmMTIz+/', size)],
    ['alnum line', fill('aZ09bY18cX27dW36', size)],
    ['spaces then bang', `${fill(' ', size)}!`],
  ];
  seeds().forEach((seed, i) => {
    const shapes = [
      () => fill(`${seed}=`, size),
      () => fill(`${seed} `, size),
      () => `${seed}${fill('A1b2C3d4', size)}(`,
      () => fill(`${seed}a:`, size),
    ];
    inputs.push([`${JSON.stringify(seed)} #${i % shapes.length}`, shapes[i % shapes.length]!()]);
  });
  return inputs;
};

const timeSpans = (index: number, input: string): number => {
  const started = performance.now();
  for (const _span of BUILTIN_RULES[index]!.spans(input));
  return performance.now() - started;
};

describe('built-in rules on adversarial input', () => {
  it('each rule handles 1 MB of its own prefix or keyword, repeated or followed by a long run, in under 500 ms, and scales linearly', () => {
    const slow: string[] = [];
    const timings: Array<{ took: number; index: number; name: string }> = [];
    for (const [name, input] of adversarialInputs(MB)) {
      for (let index = 0; index < BUILTIN_RULES.length; index++) {
        const took = timeSpans(index, input);
        timings.push({ took, index, name });
        if (took > 500) slow.push(`${BUILTIN_SPECS[index]!.id} on ${name}: ${Math.round(took)} ms`);
      }
    }
    expect(slow).toEqual([]);
    // The costliest pairs again at 4 MB: linear is ×4, quadratic would be ×16.
    const inputs = new Map(adversarialInputs(4 * MB));
    for (const { took, index, name } of timings.sort((a, b) => b.took - a.took).slice(0, 3)) {
      if (took < 20) continue;
      expect(timeSpans(index, inputs.get(name)!), `${BUILTIN_SPECS[index]!.id} on ${name}`).toBeLessThan(took * 8);
    }
  }, 120_000);

  it('redacts a 5 MB base64 line and a 5 MB mixed log in linear time', () => {
    const redactor = new Redactor();
    const line = fill('QUJDZGVmMTIz+/', 5 * MB);
    const log = fill(
      'PASSWORD=x token=abc curl -u a:b https://u:p@h eyJhbGciOi.eyJzdWIi. ghp_ sk-ant- -----BEGIN PRIVATE KEY-----\n',
      5 * MB,
    );
    for (const input of [line, log]) {
      const started = performance.now();
      redactor.redact(input);
      expect(performance.now() - started).toBeLessThan(5000);
    }
  }, 60_000);
});
