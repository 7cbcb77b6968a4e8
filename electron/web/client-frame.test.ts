// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { parseClientFrame as parseWithSchema, type ClientFrame } from '../../shared/ipc/wire';
import { parseClientFrame } from './client-frame';

const frames: unknown[] = [
  { t: 'invoke', id: 0, channel: 'pty:spawn', payload: { cols: 80 } },
  { t: 'invoke', id: 7, channel: 'pty:list' },
  { t: 'invoke', id: 7, channel: 'x'.repeat(64), payload: null },
  { t: 'invoke', id: 7, channel: 'x'.repeat(65), payload: null },
  { t: 'invoke', id: -1, channel: 'pty:list', payload: {} },
  { t: 'invoke', id: 1.5, channel: 'pty:list', payload: {} },
  { t: 'invoke', id: Number.MAX_SAFE_INTEGER + 2, channel: 'pty:list', payload: {} },
  { t: 'invoke', id: '1', channel: 'pty:list', payload: {} },
  { t: 'invoke', channel: 'pty:list', payload: {} },
  { t: 'invoke', id: 1, channel: 5, payload: {} },
  { t: 'invoke', id: 1, channel: 'pty:list', payload: {}, extra: 'dropped' },
  { t: 'send', channel: 'pty:input', payload: { id: 'a', data: 'ls\r' } },
  { t: 'send', channel: 'pty:input' },
  { t: 'send', id: 3, channel: 'pty:ack', payload: 1 },
  { t: 'send', channel: 'y'.repeat(65), payload: 1 },
  { t: 'result', id: 1, channel: 'pty:list', payload: {} },
  { channel: 'pty:list', payload: {} },
  [],
  null,
  'invoke',
  42,
];

describe('a client frame read by hand', () => {
  it('is taken exactly when wire.ts takes it, with the same fields for the router', () => {
    const routed = (frame: ClientFrame | undefined) =>
      frame && { t: frame.t, id: frame.t === 'invoke' ? frame.id : undefined, channel: frame.channel, payload: frame.payload };
    for (const frame of frames) {
      const text = JSON.stringify(frame);
      expect(routed(parseClientFrame(text)), text).toEqual(routed(parseWithSchema(text)));
    }
  });

  it('drops what is not JSON', () => {
    expect(parseClientFrame('{"t":"send",')).toBeUndefined();
    expect(parseClientFrame('')).toBeUndefined();
  });
});
