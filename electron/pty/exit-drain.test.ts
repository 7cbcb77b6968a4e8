// SPDX-License-Identifier: MIT
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keeperLaunch, SentinelScanner } from './exit-drain';
import { discardSecretsIn } from './secret-file';

const sentinel = Buffer.from('\x1b]777;contexterm-drain;abc123\x07', 'latin1');

const scanAll = (chunks: Buffer[]) => {
  const scanner = new SentinelScanner(sentinel);
  const results = chunks.map((chunk) => scanner.scan(chunk));
  const out = results.map((result) => result.bytes);
  const held = scanner.flushHeld();
  if (held) out.push(held);
  const sentinels = results.reduce((sum, result) => sum + result.sentinels, 0);
  return { bytes: Buffer.concat(out), found: sentinels > 0, sentinels };
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

  it('keeps finding sentinels after the first, so a rejected copy cannot hide the real one', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 100 }),
        fc.uint8Array({ maxLength: 100 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (a, b, cuts) => {
          const stream = Buffer.concat([Buffer.from(a), sentinel, Buffer.from(b), sentinel]);
          const { bytes, sentinels } = scanAll(splitAt(stream, cuts));
          expect(sentinels).toBe(2);
          expect(bytes.equals(Buffer.concat([Buffer.from(a), Buffer.from(b)]))).toBe(true);
        },
      ),
    );
  });

  it('does not join the bytes around a removed sentinel into a new one', () => {
    const [head, tail] = [sentinel.subarray(0, 9), sentinel.subarray(9)];
    expect(scanAll([Buffer.concat([head, sentinel, tail])]).sentinels).toBe(1);
    expect(scanAll([Buffer.concat([head, sentinel]), tail]).sentinels).toBe(1);
  });
});

describe('keeperLaunch', () => {
  it('gives every launch its own nonce, in a private file and never in the environment or arguments', () => {
    const a = keeperLaunch('/bin/bash', ['-l'], { CONTEXTERM_DRAIN_FILE: '/inherited' });
    const b = keeperLaunch('/bin/bash', ['-l'], {});
    try {
      expect(a.sentinel.equals(b.sentinel)).toBe(false);
      const file = a.env.CONTEXTERM_DRAIN_FILE!;
      expect(file).not.toBe('/inherited');
      const nonce = readFileSync(file, 'latin1').trim();
      expect(a.sentinel.toString('latin1')).toBe(`\x1b]777;contexterm-drain;${nonce}\x07`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
      expect(JSON.stringify([a.args, a.env])).not.toContain(nonce);
      expect(a.args.slice(-2)).toEqual(['/bin/bash', '-l']);
    } finally {
      discardSecretsIn(a.env);
      discardSecretsIn(b.env);
    }
    expect(existsSync(a.env.CONTEXTERM_DRAIN_FILE!)).toBe(false);
  });

  it('only waits a bounded time, within what termios can express', () => {
    expect(() => keeperLaunch('/bin/sh', [], {}, { waitTenths: 256 })).toThrow(RangeError);
    expect(keeperLaunch('/bin/sh', [], {}, { waitTenths: 7 }).args[1]).toContain('min 0 time 7');
  });
});
