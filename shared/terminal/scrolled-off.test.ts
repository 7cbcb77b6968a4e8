// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { dropScrolledOff } from './scrolled-off';

const ROWS = 6;
const SCROLLBACK = 2_000;
const seq = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${from + i}\r\n`).join('');

describe('dropScrolledOff', () => {
  it('keeps only the lines a screen and its history can still show from a flood of short lines', () => {
    const data = seq(1, 10_000);
    const kept = dropScrolledOff(data, ROWS, SCROLLBACK);
    expect(kept.length).toBeLessThan(data.length / 3);
    expect(kept.startsWith('\r\n')).toBe(true);
    expect(kept.endsWith(seq(10_000 - SCROLLBACK - 2 * ROWS + 1, 10_000))).toBe(true);
  });

  it('leaves alone writes with a sequence anywhere, control characters in what would go, or too few lines', () => {
    expect(dropScrolledOff(`${seq(1, 10_000)}\x1b[31mred`, ROWS, SCROLLBACK)).toHaveLength(seq(1, 10_000).length + 8);
    const bell = `\x07${seq(1, 10_000)}`;
    expect(dropScrolledOff(bell, ROWS, SCROLLBACK)).toBe(bell);
    const short = seq(1, SCROLLBACK + 2 * ROWS - 1);
    expect(dropScrolledOff(short, ROWS, SCROLLBACK)).toBe(short);
    // Bare LFs: the column carries over from line to line, so nothing is cut without a CRLF.
    const bare = seq(1, 10_000).replaceAll('\r', '');
    expect(dropScrolledOff(bare, ROWS, SCROLLBACK)).toBe(bare);
  });
});
