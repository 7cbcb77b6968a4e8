// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { ptyDataHeaderBytes, readPtyDataFrame, writePtyDataHeader } from './wire-names';

/** A frame as the server builds one (electron/web/socket-session.ts), with TextEncoder for Buffer. */
const frameOf = (id: string, data: string, end: number): Uint8Array => {
  const body = new TextEncoder().encode(data);
  const frame = new Uint8Array(ptyDataHeaderBytes(id) + body.length);
  writePtyDataHeader(frame, id, end);
  frame.set(body, ptyDataHeaderBytes(id));
  return frame;
};

describe('pty:data as a binary frame', () => {
  it('reads back the id, the stream position and the output, escapes, CJK and emoji included', () => {
    const data = '\x1b[31mred\x1b[0m\r\n漢字 🎉 \u00e9\x07';
    expect(readPtyDataFrame(frameOf('m4x9k2ab12cd34ef', data, 12_345_678_901))).toEqual({
      id: 'm4x9k2ab12cd34ef',
      data,
      end: 12_345_678_901,
    });
  });

  it('reads a frame that sits inside a larger buffer (a Node Buffer from a pool)', () => {
    const frame = frameOf('a-1', 'hello', 5);
    const pool = new Uint8Array(frame.length + 7);
    pool.set(frame, 3);
    expect(readPtyDataFrame(pool.subarray(3, 3 + frame.length))).toEqual({ id: 'a-1', data: 'hello', end: 5 });
  });

  it('keeps an empty output and ignores a binary message of another kind or cut short', () => {
    expect(readPtyDataFrame(frameOf('x', '', 0))).toEqual({ id: 'x', data: '', end: 0 });
    const other = frameOf('x', 'y', 1);
    other[0] = 9;
    expect(readPtyDataFrame(other)).toBeUndefined();
    expect(readPtyDataFrame(frameOf('abcdef', 'y', 1).subarray(0, 9))).toBeUndefined();
  });
});
