// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keeperLaunch, SentinelScanner } from './exit-drain';

const sentinel = Buffer.from('\x1b]777;contexterm-drain;abc123\x07', 'latin1');

const scanAll = (chunks: Buffer[]) => {
  const scanner = new SentinelScanner(sentinel);
  const out = chunks.map((chunk) => scanner.scan(chunk));
  const held = scanner.flushHeld();
  if (held) out.push(held);
  return { bytes: Buffer.concat(out), found: scanner.found };
};

const splitAt = (data: Buffer, cuts: number[]): Buffer[] => {
  const points = [...new Set(cuts.map((cut) => cut % (data.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let last = 0;
  for (const point of [...points, data.length]) {
    chunks.push(data.subarray(last, point));
    last = point;
  }
  return chunks;
};

describe('SentinelScanner', () => {
  it('removes the sentinel however the stream is split, and loses nothing else', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.array(fc.nat(), { maxLength: 8 }), (prefix, cuts) => {
        const body = Buffer.from(prefix);
        const stream = Buffer.concat([body, sentinel]);
        const { bytes, found } = scanAll(splitAt(stream, cuts));
        expect(found).toBe(true);
        expect(bytes.equals(body)).toBe(true);
      }),
    );
  });

  it('passes held-back partial matches through when the sentinel never comes', () => {
    const partial = Buffer.concat([Buffer.from('output'), sentinel.subarray(0, 10)]);
    const { bytes, found } = scanAll([partial]);
    expect(found).toBe(false);
    expect(bytes.equals(partial)).toBe(true);
  });

  it('ignores a sentinel with another nonce', () => {
    const forged = Buffer.from('\x1b]777;contexterm-drain;zzz999\x07', 'latin1');
    expect(scanAll([forged]).found).toBe(false);
  });

  it('gives every launch its own nonce, kept out of the arguments', () => {
    const a = keeperLaunch('/bin/bash', ['-l'], {});
    const b = keeperLaunch('/bin/bash', ['-l'], {});
    expect(a.sentinel.equals(b.sentinel)).toBe(false);
    expect(a.args.join(' ')).not.toContain(a.env.CONTEXTERM_DRAIN_NONCE);
    expect(a.args.slice(-2)).toEqual(['/bin/bash', '-l']);
  });
});
