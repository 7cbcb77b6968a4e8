// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleRelease } from './idle-release';

describe('IdleRelease', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const counting = (afterWork: number, quietMs: number) => {
    const before = vi.fn();
    return { release: new IdleRelease({ afterWork, quietMs, before }), before };
  };

  it('releases once a burst of work is followed by a quiet spell', () => {
    const { release, before } = counting(100, 1000);
    release.note(60);
    release.note(60);
    vi.advanceTimersByTime(999);
    expect(before).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(before).toHaveBeenCalledTimes(1);
  });

  it('never during the burst: each piece of work pushes the release back', () => {
    const { release, before } = counting(100, 1000);
    release.note(200);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(900);
      release.note(10);
    }
    expect(before).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(before).toHaveBeenCalledTimes(1);
  });

  it('does nothing after a little work (a few commands), and counts afresh after a release', () => {
    const { release, before } = counting(100, 1000);
    release.note(99);
    vi.advanceTimersByTime(5000);
    expect(before).not.toHaveBeenCalled();
    release.note(1);
    vi.advanceTimersByTime(1000);
    expect(before).toHaveBeenCalledTimes(1);
    release.note(99);
    vi.advanceTimersByTime(5000);
    expect(before).toHaveBeenCalledTimes(1);
  });

  it('a terminal that goes away (Infinity) is enough on its own; dispose cancels', () => {
    const { release, before } = counting(100, 1000);
    release.note(Infinity);
    release.dispose();
    vi.advanceTimersByTime(5000);
    expect(before).not.toHaveBeenCalled();
    release.note(Infinity);
    vi.advanceTimersByTime(1000);
    expect(before).toHaveBeenCalledTimes(1);
  });

  it('collects for real: 50 MB of dead arrays are gone from the heap after release()', () => {
    vi.useRealTimers();
    let garbage: number[][] | undefined = Array.from({ length: 50 }, (_, i) => new Array<number>(131_072).fill(i + 0.5));
    const withGarbage = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(50);
    garbage = undefined;
    new IdleRelease({ afterWork: 1, quietMs: 1 }).release();
    expect(process.memoryUsage().heapUsed).toBeLessThan(withGarbage - 40 * 1024 * 1024);
  });
});
