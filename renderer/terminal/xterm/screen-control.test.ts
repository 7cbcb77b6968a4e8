// SPDX-License-Identifier: MIT
import { Terminal as Headless } from '@xterm/headless';
import type { Terminal } from '@xterm/xterm';
import { describe, expect, it } from 'vitest';
import { ScreenBarriers } from './screen-barriers';
import { watchScreenControl } from './screen-control';

/** A headless xterm.js (same parser and buffer as the renderer's) with the watcher on it. */
const setUp = () => {
  const term = new Headless({ cols: 20, rows: 5, scrollback: 100, allowProposedApi: true }) as unknown as Terminal;
  const seen: string[] = [];
  watchScreenControl(
    term,
    { address: (alternate) => seen.push(alternate ? 'alternate' : 'address'), clear: (reset) => seen.push(reset ? 'reset' : 'clear') },
    () => false,
  );
  const write = (data: string) => new Promise<void>((resolve) => term.write(data, resolve));
  return { term, seen, write };
};
const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}\r\n`).join('');

describe('screen control', () => {
  it('reports cursor addressing and clears, and not colours, line erases or carriage returns', async () => {
    const { seen, write } = setUp();
    await write('plain \x1b[31mred\x1b[0m\x1b[K 50%\r100%\r\n');
    expect(seen).toEqual([]);
    await write('\x1b[3;1Hx\x1b[2Ay\x1b[1;4r');
    expect(seen).toEqual(['address', 'address', 'address']);
    seen.length = 0;
    await write('\x1b[H\x1b[2J\x1b[3J\x1bc');
    expect(seen).toEqual(['address', 'address', 'clear', 'address', 'clear', 'reset']);
    seen.length = 0;
    await write('\x1b[?1049h\x1b[2J');
    expect(seen).toEqual(['alternate', 'alternate']);
  });

  it('lets xterm.js still run the sequences it watches', async () => {
    const { term, write } = setUp();
    await write('abc\x1b[1;2Hx');
    expect(term.buffer.active.getLine(0)?.translateToString(true)).toBe('axc');
  });
});

describe('screen barriers', () => {
  it('hide what was marked before a clear from the cleared viewport down, not the scrollback above it', async () => {
    const { term, write } = setUp();
    const barriers = new ScreenBarriers(term);
    await write(lines(1, 20));
    const top = term.buffer.active.baseY;
    barriers.fromViewport(5);
    await write('\x1b[H\x1b[2J');
    expect(barriers.hides(4, top)).toBe(true);
    expect(barriers.hides(4, top + 2)).toBe(true);
    expect(barriers.hides(4, top - 1)).toBe(false);
    // Marked after the clear: its own output.
    expect(barriers.hides(6, top)).toBe(false);
  });

  it('keep one barrier for a screen cleared over and over, covering the newest clear', async () => {
    const { term, write } = setUp();
    const barriers = new ScreenBarriers(term);
    await write(lines(1, 20));
    const top = term.buffer.active.baseY;
    for (const seq of [2, 4, 6]) barriers.fromViewport(seq);
    expect(term.markers.length).toBe(1);
    expect(barriers.hides(5, top)).toBe(true);
    expect(barriers.hides(5, top - 1)).toBe(false);
  });

  it('hide everything marked before a barrier whose line left the buffer (ED 3) or a reset', async () => {
    const { term, write } = setUp();
    const barriers = new ScreenBarriers(term);
    await write(lines(1, 20));
    barriers.fromViewport(3);
    await write('\x1b[3J');
    expect(barriers.hides(2, 0)).toBe(true);
    expect(barriers.hides(4, 0)).toBe(false);
    barriers.everything(9);
    expect(barriers.hides(8, 0)).toBe(true);
    expect(barriers.hides(10, 0)).toBe(false);
  });
});
