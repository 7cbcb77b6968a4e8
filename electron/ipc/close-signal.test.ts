// SPDX-License-Identifier: MIT
import { describe, expect, it, vi } from 'vitest';
import { closeSignal } from './close-signal';

describe('closeSignal', () => {
  it('runs each listener once at the close, and one added after the close at once', () => {
    const signal = closeSignal();
    const before = vi.fn();
    signal.onClose(before);
    expect(before).not.toHaveBeenCalled();
    signal.close();
    signal.close();
    expect(before).toHaveBeenCalledOnce();
    const after = vi.fn();
    signal.onClose(after);
    expect(after).toHaveBeenCalledOnce();
  });

  it('hands a throwing listener to onError and still runs the others', () => {
    const errors: unknown[] = [];
    const signal = closeSignal((error) => errors.push(error));
    const next = vi.fn();
    signal.onClose(() => {
      throw new Error('boom');
    });
    signal.onClose(next);
    signal.close();
    expect(next).toHaveBeenCalledOnce();
    expect(errors).toEqual([new Error('boom')]);
  });
});
