// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { FlowControl } from '../../shared/terminal/flow-control';
import { SinkSet, type PtySink } from './sink-set';

const sink = (visible = true) => {
  const got: string[] = [];
  const events: string[] = [];
  const detached: string[] = [];
  const value: PtySink & { visible: boolean } = {
    visible,
    shows() {
      return this.visible;
    },
    data: (_id, data, end) => {
      got.push(data);
      events.push(`data ${data.length}@${end}`);
    },
    mark: (_id, mark, at) => events.push(`mark ${mark.kind}@${at}`),
    exit: () => events.push('exit'),
    detached: (id) => detached.push(id),
  };
  return { sink: value, got, events, detached };
};

const make = (holdLimit?: number) => {
  const log: string[] = [];
  const set = new SinkSet('p1', { pause: () => log.push('pause'), resume: () => log.push('resume'), ...(holdLimit ? { holdLimit } : {}) });
  return { set, log };
};

const HIGH = FlowControl.HIGH_WATERMARK_CHARS;

describe('SinkSet', () => {
  it('keeps the ack size within the low watermark, or a paused pty could never resume', () => {
    expect(FlowControl.ACK_CHARS).toBeLessThanOrEqual(FlowControl.LOW_WATERMARK_CHARS);
  });

  it('sends every batch to every renderer', () => {
    const { set } = make();
    const a = sink();
    const b = sink();
    set.add(a.sink);
    set.add(b.sink);
    set.data('hello', 5);
    expect(a.got).toEqual(['hello']);
    expect(b.got).toEqual(['hello']);
  });

  it('holds for the slowest visible renderer, resuming only when every visible one caught up', () => {
    const { set, log } = make();
    const fast = sink();
    const slow = sink();
    set.add(fast.sink);
    set.add(slow.sink);
    set.data('x'.repeat(HIGH + 1), HIGH + 1);
    expect(log).toEqual(['pause']);
    set.ack(fast.sink, HIGH + 1);
    expect(log).toEqual(['pause']);
    set.ack(slow.sink, HIGH + 1);
    expect(log).toEqual(['pause', 'resume']);
  });

  it('never lets a hidden renderer hold the others back, and releases a pause when one hides', () => {
    const { set, log } = make();
    const shown = sink();
    const hidden = sink(false);
    set.add(shown.sink);
    set.add(hidden.sink);
    set.data('x'.repeat(HIGH + 1), HIGH + 1);
    expect(log).toEqual(['pause']);
    set.ack(shown.sink, HIGH + 1);
    expect(log).toEqual(['pause', 'resume']);
    set.data('y'.repeat(HIGH + 1), 2 * HIGH + 2);
    shown.sink.visible = false;
    set.evaluate();
    expect(log).toEqual(['pause', 'resume', 'pause', 'resume']);
  });

  it('sends nothing to a renderer not showing the pty, then what it missed in one go, marks in order', () => {
    const { set, log } = make();
    const shown = sink();
    const hidden = sink(false);
    set.add(shown.sink);
    set.add(hidden.sink);
    set.data('a'.repeat(10), 10);
    set.mark({ kind: 'prompt' } as never, 10);
    set.data('b'.repeat(20), 30);
    set.data('c'.repeat(5), 35);
    expect(hidden.events).toEqual([]);
    expect(shown.events).toEqual(['data 10@10', 'mark prompt@10', 'data 20@30', 'data 5@35']);
    hidden.sink.visible = true;
    set.evaluate();
    expect(hidden.events).toEqual(['data 10@10', 'mark prompt@10', 'data 25@35']);
    // What was sent on showing counts against flow control like any output.
    expect(set.unacked(hidden.sink)).toBe(35);
    set.data('d'.repeat(HIGH), HIGH + 35);
    expect(log).toEqual(['pause']);
  });

  it('detaches a renderer not showing the pty once too much is held for it, instead of holding without bound', () => {
    const { set } = make(1000);
    const shown = sink();
    const hidden = sink(false);
    set.add(shown.sink);
    set.add(hidden.sink);
    set.data('x'.repeat(600), 600);
    set.ack(shown.sink, 600);
    set.data('y'.repeat(600), 1200);
    expect(hidden.detached).toEqual(['p1']);
    expect(set.has(hidden.sink)).toBe(false);
    expect(shown.got).toHaveLength(2);
    expect(hidden.got).toHaveLength(0);
  });

  it('sends held output before the exit, so the exit notice comes last', () => {
    const { set } = make();
    const hidden = sink(false);
    set.add(hidden.sink);
    set.data('bye', 3);
    set.exit({ exitCode: 0, signal: null } as never);
    expect(hidden.events).toEqual(['data 3@3', 'exit']);
  });

  it('releases its pause when the last renderer leaves', () => {
    const { set, log } = make();
    const only = sink();
    set.add(only.sink);
    set.data('x'.repeat(HIGH + 1), HIGH + 1);
    set.remove(only.sink);
    expect(log).toEqual(['pause', 'resume']);
  });
});
