// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PendingForgets } from './pending-forgets';

describe('PendingForgets', () => {
  let erased: string[][];
  let pending: PendingForgets;
  beforeEach(() => {
    vi.useFakeTimers();
    erased = [];
    pending = new PendingForgets(async (ids) => void erased.push([...ids]));
  });
  afterEach(() => vi.useRealTimers());

  it('erases when the undo window is over, not before', () => {
    pending.schedule(['s:1'], 5000);
    vi.advanceTimersByTime(4999);
    expect(erased).toEqual([]);
    expect(pending.has('s:1')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(erased).toEqual([['s:1']]);
    expect(pending.has('s:1')).toBe(false);
  });

  it('keeps what is undone in time, and says what it kept', () => {
    pending.schedule(['s:1', 's:2'], 5000);
    expect(pending.undo(['s:1', 's:9'])).toEqual(['s:1']);
    vi.advanceTimersByTime(5000);
    expect(erased).toEqual([['s:2']]);
    expect(pending.undo(['s:2'])).toEqual([]);
  });

  it('erases everything still waiting at shutdown, once', async () => {
    pending.schedule(['s:1'], 5000);
    pending.schedule(['s:2'], 5000);
    await pending.flush();
    expect(erased).toEqual([['s:1', 's:2']]);
    vi.advanceTimersByTime(10_000);
    expect(erased).toHaveLength(1);
  });
});
