// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { SerializeAddon } from '@xterm/addon-serialize';
import { Terminal } from '@xterm/headless';
import { ScreenMirror } from './screen-mirror';

/** As in screen-mirror.ts. */
const MIRROR_SCROLLBACK = 1_000;

const COLS = 20;
const ROWS = 6;
const seq = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${from + i}\r\n`).join('');

/** A small deterministic PRNG, so a failing case can be reproduced. */
const random = (seed: number) => () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;

/** A headless xterm.js with nothing skipped: what the mirror's screen must equal. */
const reference = () => {
  const term = new Terminal({ cols: COLS, rows: ROWS, scrollback: MIRROR_SCROLLBACK, allowProposedApi: true });
  const serializer = new SerializeAddon();
  term.loadAddon(serializer as unknown as Parameters<Terminal['loadAddon']>[0]);
  const parsed = () => new Promise<void>((resolve) => term.write('', resolve));
  return { term, parsed, serialize: () => serializer.serialize({ scrollback: MIRROR_SCROLLBACK }) };
};

/** `data` through the mirror, in one write and in 50-character pieces (joined while it parses), against a full parse. */
const bothWays = async (before: string, data: string) => {
  const whole = new ScreenMirror(COLS, ROWS);
  const pieces = new ScreenMirror(COLS, ROWS);
  const full = reference();
  for (const mirror of [whole, pieces]) mirror.write(before);
  full.term.write(before);
  // Parsed before the flood comes, so the flood is judged by the state `before` left.
  await Promise.all([whole.snapshot(), pieces.snapshot(), full.parsed()]);
  whole.write(data);
  for (let at = 0; at < data.length; at += 50) {
    pieces.write(data.slice(at, at + 50));
    full.term.write(data.slice(at, at + 50));
  }
  const [a, b] = await Promise.all([whole.snapshot(), pieces.snapshot(), full.parsed()]);
  const expected = full.serialize();
  full.term.dispose();
  expect(b!.data).toBe(expected);
  return [a!.data, expected] as const;
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

  it('shows the same screen for a coloured flood: attributes, backgrounds and erased lines', async () => {
    const next = random(11);
    const sgr = () =>
      [
        '\x1b[0m',
        '\x1b[m',
        `\x1b[3${Math.floor(next() * 8)}m`,
        `\x1b[4${Math.floor(next() * 8)}m`,
        '\x1b[1;4m',
        '\x1b[38;2;10;20;30m',
        '\x1b[48:5:200m',
      ][Math.floor(next() * 7)]!;
    for (let round = 0; round < 4; round++) {
      const lines: string[] = [];
      for (let index = 0; index < 3_000; index++) {
        const text = `${next() < 0.5 ? sgr() : ''}${'c'.repeat(Math.floor(next() * COLS * 2))}${next() < 0.3 ? sgr() : ''}${next() < 0.1 ? '\x1b[K' : ''}`;
        lines.push(`${text}${next() < 0.05 ? '\n' : '\r\n'}`);
      }
      const [whole, pieces] = await bothWays(`${seq(1, 20)}\x1b[45m\x1b[3;5Hold`, lines.join(''));
      expect(whole).toBe(pieces);
    }
    // Set once, long before what stays: every line after it is drawn on blue, and scrolled in blue.
    const [whole, pieces] = await bothWays('', `\x1b[1;44m${seq(1, 5_000)}`);
    expect(whole).toBe(pieces);
    expect(whole).toMatch(/\x1b\[[0-9;]*44[;m]/);
  });

  it('parses everything after a write that ended inside a sequence', async () => {
    const flood = Array.from({ length: 5_000 }, (_, i) => `\x1b[32m${i}\r\n`).join('');
    // The flood's first characters end the colour the write before it began.
    const [whole, pieces] = await bothWays('before\x1b[4', `1m${flood}`);
    expect(whole).toBe(pieces);
    // The red background the split sequence set stays under the green text.
    expect(whole).toMatch(/\x1b\[[0-9;]*41[;m]/);
  });
});
