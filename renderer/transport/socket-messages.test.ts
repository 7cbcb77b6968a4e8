// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../shared/ipc/wire-names';
import { queueFrame } from './socket-messages';

const data = (id: string, text: string, end: number): ServerFrame => ({
  t: 'event',
  channel: 'pty:data',
  payload: { id, data: text, end },
});
const mark = (id: string): ServerFrame => ({ t: 'event', channel: 'pty:mark', payload: { id, mark: { kind: 'prompt' }, at: 0 } });

const queued = (frames: ServerFrame[]): ServerFrame[] => {
  const pending: ServerFrame[] = [];
  for (const frame of frames) queueFrame(pending, frame);
  return pending;
};

describe('queueFrame', () => {
  it("joins a pty's output into its output still waiting, with the later stream position", () => {
    expect(queued([data('a', 'one ', 4), data('a', 'two', 7)])).toEqual([data('a', 'one two', 7)]);
  });

  it("joins across other ptys' output, each pty's in its own order", () => {
    expect(queued([data('a', '1', 1), data('b', 'x', 1), data('a', '2', 2), data('b', 'y', 2)])).toEqual([
      data('a', '12', 2),
      data('b', 'xy', 2),
    ]);
  });

  it('never moves output across a mark, an answer or any other event', () => {
    const answer: ServerFrame = { t: 'result', id: 3, result: { ok: true } };
    const frames = [data('a', '1', 1), mark('a'), data('a', '2', 2), answer, data('a', '3', 3), mark('b'), data('a', '4', 4)];
    expect(queued(frames)).toEqual(frames);
  });
});
