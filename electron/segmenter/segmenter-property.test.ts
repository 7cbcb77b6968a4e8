// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMark, type MarkKind } from './testing/format-mark';
import { Segmenter } from './segmenter';
import type { Step } from './testing/segmenter-steps';
import { NONCE, runOutput, runSteps, splitAt } from './testing/segmenter-steps';

const kinds: MarkKind[] = ['A', 'B', 'C', 'D', 'E', 'P'];
const text = fc.string({
  unit: fc.constantFrom('a', 'Z', ' ', ';', '\\', '\n', '\r', '\t', '\x07', '\x1b', ']', '1', '3', '6', 'é', '❯', '$'),
});

/** Pieces of a hostile but plausible output stream. */
const token = fc.oneof(
  fc
    .record({ kind: fc.constantFrom(...kinds), arg: fc.option(text, { nil: undefined }), st: fc.boolean() })
    .map(({ kind, arg, st }) =>
      formatMark(
        kind,
        NONCE,
        kind === 'D' ? (arg?.length ?? 0) : kind === 'P' && arg !== undefined ? `Cwd=${arg}` : arg,
        st ? 'st' : 'bel',
      ),
    ),
  text,
  fc.constantFrom(
    '\x1b[01;32m',
    '\x1b]0;title\x07',
    '\x1b]133;',
    '\x1b]633;E;',
    '\x1b]13',
    '\x1b',
    '\x1b]133;D;0\x07',
    '\x1b]633;E;rm -rf ~\x07',
    `\x1b]133;A;${NONCE.slice(1)}\x07`,
    NONCE,
    NONCE.slice(0, 7),
    '\x1b[?1049h',
    '\x1b[?1049l',
    '$ ',
  ),
  fc.uint8Array({ maxLength: 12 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

const stream = fc.array(token, { maxLength: 40 }).map((tokens) => Buffer.from(tokens.join(''), 'utf8'));
const cuts = fc.array(fc.nat({ max: 4000 }), { maxLength: 30 });

describe('Segmenter properties', () => {
  it('gives the same bytes and events for any chunking of the same output', () => {
    fc.assert(
      fc.property(stream, cuts, fc.constantFrom(64, 8192), (data, points, maxOscBytes) => {
        const whole = runOutput([data], { maxOscBytes });
        const chunked = runOutput(splitAt(data, points), { maxOscBytes });
        expect(chunked.bytes.equals(whole.bytes)).toBe(true);
        expect(chunked.events).toEqual(whole.events);
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same events for any chunking when keystrokes interleave (heuristic mode)', () => {
    const part = fc.tuple(stream, fc.option(fc.constantFrom('ls -l\r', 'x', '\r', '\x03', '\x1b[A\r', ':q\r'), { nil: undefined }), cuts);
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }), (parts) => {
        const whole: Step[] = [];
        const chunked: Step[] = [];
        for (const [data, input, points] of parts) {
          whole.push({ output: data });
          chunked.push(...splitAt(data, points).map((output) => ({ output })));
          if (input !== undefined) {
            whole.push({ input });
            chunked.push({ input });
          }
        }
        const a = runSteps(whole);
        const b = runSteps(chunked);
        expect(b.bytes.equals(a.bytes)).toBe(true);
        expect(b.events).toEqual(a.events);
      }),
      { numRuns: 300 },
    );
  });

  it('never stores the nonce that appears in output', () => {
    const withNonce = fc.array(fc.oneof(text, fc.constant(NONCE), fc.constant(`x=${NONCE};`)), { maxLength: 20 });
    fc.assert(
      fc.property(withNonce, cuts, (tokens, points) => {
        const data = Buffer.from(tokens.join(''), 'utf8');
        expect(runOutput(splitAt(data, points)).bytes.includes(NONCE)).toBe(false);
      }),
    );
  });

  it('never throws on random bytes, inputs and truncated marks, and loses no byte that is not a mark', () => {
    const truncated = fc
      .tuple(fc.constantFrom(...kinds), fc.nat({ max: 60 }))
      .map(([kind, at]) => formatMark(kind, NONCE, 'x').slice(0, at));
    const chunk = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
      truncated.map((s) => Buffer.from(s)),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(chunk, fc.option(fc.uint8Array({ maxLength: 8 }), { nil: undefined })), { maxLength: 30 }), (steps) => {
        const segmenter = new Segmenter({ nonce: NONCE, maxOscBytes: 48 });
        for (const [output, input] of steps) {
          segmenter.output(output);
          if (input) segmenter.input(Buffer.from(input));
        }
        segmenter.end();
      }),
      { numRuns: 500 },
    );
  });

  it('passes output without our marks or nonce through byte for byte', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), cuts, (bytes, points) => {
        const data = Buffer.from(bytes);
        fc.pre(!data.includes(NONCE.slice(0, 4)));
        expect(runOutput(splitAt(data, points)).bytes.equals(data)).toBe(true);
      }),
    );
  });
});

describe('Segmenter memory bounds', () => {
  const feed = (prefix: string, total: number): { maxBuffered: number; passed: number } => {
    const segmenter = new Segmenter({ nonce: NONCE });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let maxBuffered = 0;
    let passed = segmenter.output(Buffer.from(prefix)).bytes.length;
    for (let sent = 0; sent < total; sent += chunk.length) {
      passed += segmenter.output(chunk).bytes.length;
      segmenter.input(Buffer.from('y'));
      maxBuffered = Math.max(maxBuffered, segmenter.bufferedBytes);
    }
    passed += segmenter.end().bytes.length;
    return { maxBuffered, passed };
  };
  const total = 50 * 1024 * 1024;

  it('stays bounded on a 50 MB line without a newline', () => {
    const { maxBuffered, passed } = feed('$ ', total);
    expect(maxBuffered).toBeLessThanOrEqual(16 * 1024);
    expect(passed).toBe(total + 2);
  });

  it.each(['\x1b]133;', `\x1b]633;E;`])('stays bounded on a 50 MB unterminated OSC starting %j', (prefix) => {
    const { maxBuffered, passed } = feed(prefix, total);
    expect(maxBuffered).toBeLessThanOrEqual(16 * 1024);
    expect(passed).toBe(total + prefix.length);
  });
});
