// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';
import { describe, expect, it } from 'vitest';
import { slicedTarget } from './sliced-writes';

const recorder = () => {
  const writes: Array<{ data: string; callback: boolean }> = [];
  const term = { rows: 24, parser: {}, write: (data: string, callback?: () => void) => writes.push({ data, callback: callback !== undefined }) };
  return { writes, target: slicedTarget(term as unknown as Terminal, 4) };
};

describe('slicedTarget', () => {
  it('hands xterm a long write in slices, the callback with the last one', () => {
    const { writes, target } = recorder();
    target.write('abcdefghij', () => undefined);
    expect(writes).toEqual([
      { data: 'abcd', callback: false },
      { data: 'efgh', callback: false },
      { data: 'ij', callback: true },
    ]);
  });

  it('passes a write of at most one slice as it is', () => {
    const { writes, target } = recorder();
    target.write('abcd', () => undefined);
    target.write('xy');
    expect(writes).toEqual([
      { data: 'abcd', callback: true },
      { data: 'xy', callback: false },
    ]);
    expect(target.rows).toBe(24);
  });
});
