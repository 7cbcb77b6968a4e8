// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { dropScrolledOff, endsInGround } from './scrolled-off';

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
    expect(dropScrolledOff(`${seq(1, 10_000)}\x1b[5Aup`, ROWS, SCROLLBACK)).toHaveLength(seq(1, 10_000).length + 6);
    const osc = `\x1b]0;title\x07${seq(1, 10_000)}`;
    expect(dropScrolledOff(osc, ROWS, SCROLLBACK)).toBe(osc);
    const bell = `\x07${seq(1, 10_000)}`;
    expect(dropScrolledOff(bell, ROWS, SCROLLBACK)).toBe(bell);
    const short = seq(1, SCROLLBACK + 2 * ROWS - 1);
    expect(dropScrolledOff(short, ROWS, SCROLLBACK)).toBe(short);
    // Bare LFs: the column carries over from line to line, so nothing is cut without a CRLF.
    const bare = seq(1, 10_000).replaceAll('\r', '');
    expect(dropScrolledOff(bare, ROWS, SCROLLBACK)).toBe(bare);
  });

  it('keeps the attributes a coloured flood leaves set, and drops its erased lines', () => {
    const coloured = Array.from({ length: 10_000 }, (_, i) => `\x1b[3${i % 8}m${i}\x1b[0m \x1b[44mok\x1b[K\r\n`).join('');
    const kept = dropScrolledOff(coloured, ROWS, SCROLLBACK);
    expect(kept.length).toBeLessThan(coloured.length / 3);
    // The last line dropped ended with a blue background set: the new line it leaves has it too.
    expect(kept.startsWith('\x1b[0m\x1b[44m\r\n')).toBe(true);
    expect(coloured.endsWith(kept.slice('\x1b[0m\x1b[44m\r\n'.length))).toBe(true);
  });
});

describe('endsInGround', () => {
  it('says whether a write ends inside a sequence', () => {
    expect(endsInGround('text', true)).toBe(true);
    expect(endsInGround('text', false)).toBe(false);
    expect(endsInGround('a\x1b[31mb', false)).toBe(true);
    expect(endsInGround('a\x1b[31', true)).toBe(false);
    expect(endsInGround('a\x1b', true)).toBe(false);
    expect(endsInGround('\x1b]0;title', true)).toBe(false);
    expect(endsInGround('\x1b]0;title\x07after', true)).toBe(true);
    expect(endsInGround('\x1bPq#0;2;0;0;0\x1b\\', true)).toBe(true);
    expect(endsInGround('\x1bPq#0;2', true)).toBe(false);
    expect(endsInGround('x\x9b', true)).toBe(false);
  });
});
