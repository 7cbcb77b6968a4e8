// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { ReplayBuffer } from './replay-buffer';

const mark = { kind: 'prompt', commandId: null, exitCode: null } as const;

describe('ReplayBuffer', () => {
  it('keeps output and marks in order', () => {
    const buffer = new ReplayBuffer(100);
    buffer.push('a');
    buffer.push('b');
    buffer.push(mark);
    buffer.push('c');
    expect(buffer.snapshot()).toEqual(['ab', mark, 'c']);
  });

  it('stays within its character budget and restarts at a line boundary', () => {
    const buffer = new ReplayBuffer(20);
    for (let i = 0; i < 100; i++) buffer.push(`line ${i}\n`);
    const text = buffer.snapshot().join('');
    expect(text.length).toBeLessThanOrEqual(20);
    expect(text.endsWith('line 99\n')).toBe(true);
    expect(text.startsWith('line ')).toBe(true);
  });

  it('drops marks that fall off the front with their output', () => {
    const buffer = new ReplayBuffer(10);
    buffer.push(mark);
    buffer.push('x'.repeat(70 * 1024));
    buffer.push('\nnew');
    expect(buffer.snapshot().filter((item) => typeof item !== 'string')).toEqual([]);
  });
});
