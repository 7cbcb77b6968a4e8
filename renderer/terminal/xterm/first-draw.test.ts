// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenDrawn, type DrawnTerm } from './first-draw';

/** A terminal whose cursor position and parse events the test sets. */
const fakeTerm = (cursorX = 0) => {
  const listeners = new Set<() => void>();
  const term = {
    buffer: { active: { cursorX, cursorY: 0, baseY: 0 } },
    onWriteParsed: (listener: () => void) => {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
  } as unknown as DrawnTerm;
  return { term, parsed: () => listeners.forEach((listener) => listener()), listening: () => listeners.size };
};

let frames: Array<() => void> = [];
const nextFrame = () => frames.splice(0).forEach((callback) => callback());

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => (frames = []));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenDrawn', () => {
  it('waits for the first parsed output, then the frame that paints it and one more', () => {
    const { term, parsed } = fakeTerm();
    const done = vi.fn();
    whenDrawn(term, 1000, done);
    nextFrame();
    expect(done).not.toHaveBeenCalled();
    parsed();
    nextFrame();
    expect(done).not.toHaveBeenCalled();
    nextFrame();
    expect(done).toHaveBeenCalledOnce();
  });

  it('does not wait for output a terminal already shows', () => {
    const { term, listening } = fakeTerm(5);
    const done = vi.fn();
    whenDrawn(term, 1000, done);
    expect(listening()).toBe(0);
    nextFrame();
    nextFrame();
    expect(done).toHaveBeenCalledOnce();
  });

  it('gives up at the cap for a shell that prints nothing, once, and stops listening', () => {
    const { term, parsed, listening } = fakeTerm();
    const done = vi.fn();
    whenDrawn(term, 300, done);
    vi.advanceTimersByTime(299);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledOnce();
    expect(listening()).toBe(0);
    parsed();
    nextFrame();
    nextFrame();
    expect(done).toHaveBeenCalledOnce();
  });

  it('without a terminal, waits for the cap; cancelled, never calls', () => {
    const done = vi.fn();
    whenDrawn(undefined, 100, done);
    vi.advanceTimersByTime(100);
    expect(done).toHaveBeenCalledOnce();
    const cancelled = vi.fn();
    whenDrawn(undefined, 100, cancelled)();
    vi.advanceTimersByTime(200);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
