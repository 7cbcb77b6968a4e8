// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { ScreenMirror } from './screen-mirror';

const COLS = 20;
const ROWS = 6;
const seq = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${from + i}\r\n`).join('');

/** A small deterministic PRNG, so a failing case can be reproduced. */
const random = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);

/** `data` written at once (where a flood's prefix may be skipped) and in 50-character pieces (never). */
const bothWays = async (before: string, data: string) => {
  const whole = new ScreenMirror(COLS, ROWS);
  const pieces = new ScreenMirror(COLS, ROWS);
  whole.write(before);
  pieces.write(before);
  // Parsed before the flood comes, so the flood is judged by the state `before` left.
  await Promise.all([whole.snapshot(), pieces.snapshot()]);
  whole.write(data);
  for (let at = 0; at < data.length; at += 50) pieces.write(data.slice(at, at + 50));
  return [(await whole.snapshot()).data, (await pieces.snapshot()).data] as const;
};

describe('ScreenMirror with floods of short lines', () => {
  it('shows the same screen and history whether the flood came in one write or in pieces', async () => {
    const next = random(7);
    for (let round = 0; round < 4; round++) {
      const lines: string[] = [];
      for (let index = 0; index < 3_000; index++) {
        const text = 'x'.repeat(Math.floor(next() * COLS * 2)) + (next() < 0.1 ? '\tt' : '');
        lines.push(`${text}${next() < 0.05 ? '\n' : '\r\n'}`);
      }
      // Some state first: colour set, the cursor moved up over old rows, half a line written.
      const before = `${seq(1, 20)}\x1b[32m\x1b[3;5Hold`;
      const [whole, pieces] = await bothWays(before, lines.join(''));
      expect(whole).toBe(pieces);
    }
  });

  it('parses everything while a scroll region is set (LFs below it do not scroll lines away)', async () => {
    const flood = `${'long line of text'.repeat(1)}\r\n`.repeat(100) + seq(1, 5_000);
    const region = `\x1b[1;${ROWS - 1}r\x1b[${ROWS};1H`;
    const [whole, pieces] = await bothWays(region, flood);
    expect(whole).toBe(pieces);
    // Reset (CSI r): skipping is allowed again and gives the same screen.
    const [afterReset, afterResetPieces] = await bothWays(`${region}\x1b[r`, seq(1, 5_000));
    expect(afterReset).toBe(afterResetPieces);
  });
});
