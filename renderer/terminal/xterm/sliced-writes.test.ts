// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';
import { describe, expect, it } from 'vitest';
import { slicedTarget } from './sliced-writes';

/** xterm's writes as they arrive; `slice` as given to slicedTarget (its default when left out). */
const recorder = (...slice: [] | [number]) => {
  const writes: Array<{ data: string; callback: boolean }> = [];
  const term = {
    rows: 24,
    parser: {},
    write: (data: string, callback?: () => void) => writes.push({ data, callback: callback !== undefined }),
  };
  return { writes, target: slicedTarget(term as unknown as Terminal, ...slice) };
};

describe('slicedTarget', () => {
  it('hands xterm a long write in slices, the callback with the last one', () => {
    const { writes, target } = recorder(4);
    target.write('abcdefghij', () => undefined);
    expect(writes).toEqual([
      { data: 'abcd', callback: false },
      { data: 'efgh', callback: false },
      { data: 'ij', callback: true },
    ]);
  });

  it('passes a write of at most one slice as it is', () => {
    const { writes, target } = recorder(4);
    target.write('abcd', () => undefined);
    target.write('xy');
    expect(writes).toEqual([
      { data: 'abcd', callback: true },
      { data: 'xy', callback: false },
    ]);
    expect(target.rows).toBe(24);
  });

  it('by default hands xterm at most 32K characters a write, so a parse task overshoots its 12 ms by little', () => {
    const { writes, target } = recorder();
    const flood = 'x'.repeat(128 * 1024 + 5);
    target.write(flood, () => undefined);
    expect(Math.max(...writes.map((write) => write.data.length))).toBeLessThanOrEqual(32 * 1024);
    expect(writes.map((write) => write.data).join('')).toBe(flood);
  });
});
