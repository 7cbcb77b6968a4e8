// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { FlowControl } from '../../shared/terminal/flow-control';
import { FlowController } from './flow-controller';

const make = () => {
  const log: string[] = [];
  const flow = new FlowController({ pause: () => log.push('pause'), resume: () => log.push('resume') });
  return { flow, log };
};

describe('FlowController', () => {
  it('keeps the ack size within the low watermark, or a paused pty could never resume', () => {
    expect(FlowControl.ACK_CHARS).toBeLessThanOrEqual(FlowControl.LOW_WATERMARK_CHARS);
  });

  it('pauses above the high watermark and resumes only below the low one', () => {
    const { flow, log } = make();
    flow.engage(true);
    flow.sent(FlowControl.HIGH_WATERMARK_CHARS);
    expect(log).toEqual([]);
    flow.sent(1);
    expect(log).toEqual(['pause']);
    flow.sent(50_000);
    expect(log).toEqual(['pause']);
    flow.ack(FlowControl.HIGH_WATERMARK_CHARS + 50_001 - FlowControl.LOW_WATERMARK_CHARS);
    expect(flow.paused).toBe(true);
    flow.ack(1);
    expect(log).toEqual(['pause', 'resume']);
    expect(flow.unacked).toBe(FlowControl.LOW_WATERMARK_CHARS - 1);
  });

  it('does not count or pause without an attached consumer (background recording at full speed)', () => {
    const { flow, log } = make();
    flow.sent(10 * FlowControl.HIGH_WATERMARK_CHARS);
    expect(flow.unacked).toBe(0);
    expect(log).toEqual([]);
  });

  it('releases a pause when the consumer detaches', () => {
    const { flow, log } = make();
    flow.engage(true);
    flow.sent(FlowControl.HIGH_WATERMARK_CHARS + 1);
    flow.engage(false);
    expect(log).toEqual(['pause', 'resume']);
    expect(flow.paused).toBe(false);
  });

  it('clamps the counter at zero when acks exceed what was sent', () => {
    const { flow } = make();
    flow.engage(true);
    flow.sent(10);
    flow.ack(1000);
    expect(flow.unacked).toBe(0);
  });

  it('rejects watermarks that could never resume', () => {
    expect(() => new FlowController({ highWatermark: 10, lowWatermark: 10, pause() {}, resume() {} })).toThrow(RangeError);
  });
});
