// SPDX-License-Identifier: MIT
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuietTimer } from './quiet-timer';

afterEach(() => {
  vi.useRealTimers();
});

describe('QuietTimer', () => {
  it('fires once the quiet time has passed since the last touch, not the first', () => {
    vi.useFakeTimers();
    const fired: number[] = [];
    const timer = new QuietTimer(
      1000,
      () => fired.push(Date.now()),
      () => Date.now(),
    );
    const start = Date.now();
    timer.touch();
    vi.advanceTimersByTime(600);
    timer.touch();
    vi.advanceTimersByTime(600);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(fired).toEqual([start + 1600]);
  });

  it('fires again only after a new touch, and never once disposed', () => {
    vi.useFakeTimers();
    let fired = 0;
    const timer = new QuietTimer(
      100,
      () => fired++,
      () => Date.now(),
    );
    timer.touch();
    vi.advanceTimersByTime(1000);
    expect(fired).toBe(1);
    timer.touch();
    timer.dispose();
    vi.advanceTimersByTime(1000);
    expect(fired).toBe(1);
  });
});
