// SPDX-License-Identifier: MIT
// What both ends of browser mode's WebSocket name, with no schema (wire.ts checks the client's
// frames with zod; the page needs only these, and would load zod for nothing).

export type ServerFrame =
  | { readonly t: 'result'; readonly id: number; readonly result: unknown }
  | { readonly t: 'event'; readonly channel: string; readonly payload: unknown };

/** Path of the WebSocket endpoint in browser mode. */
export const WS_PATH = '/ws';

/** The WebSocket subprotocol the server selects; the client offers it with the token protocol. */
export const WS_PROTOCOL = 'contexterm.v1';

/** Prefix of the subprotocol that carries the launch token (base64url, so a valid header token). */
export const WS_TOKEN_PROTOCOL_PREFIX = 'contexterm.token.';

/**
 * Offered before WS_PROTOCOL by a client that reads `pty:data` as binary messages (below); the
 * server selects it when offered, so a page of an earlier build, which offers WS_PROTOCOL alone,
 * still gets JSON.
 */
export const WS_BINARY_OUTPUT_PROTOCOL = 'contexterm.v1.binary-output';

/**
 * `pty:data` as a binary message: byte 0 is PTY_DATA_FRAME, byte 1 the id's length n, then the id
 * (ASCII, as PtyId allows), the stream position `end` as a little-endian float64, and the output
 * as UTF-8. As JSON each batch was escaped, copied and parsed again (an ESC as six characters, a
 * newline as two) on a machine whose two cores the pty, the server and the page already share.
 */
const PTY_DATA_FRAME = 1;

export interface PtyDataPayload {
  readonly id: string;
  readonly data: string;
  readonly end: number;
}

/** Bytes before the output: kind, id length, id, end. */
export const ptyDataHeaderBytes = (id: string): number => 2 + id.length + 8;

/** Writes the header of a `pty:data` frame for pty `id` at the start of `target`. */
export const writePtyDataHeader = (target: Uint8Array, id: string, end: number): void => {
  target[0] = PTY_DATA_FRAME;
  target[1] = id.length;
  for (let at = 0; at < id.length; at++) target[2 + at] = id.charCodeAt(at);
  new DataView(target.buffer, target.byteOffset, target.byteLength).setFloat64(2 + id.length, end, true);
};

const utf8 = new TextDecoder();

/** A binary frame's `pty:data` payload; undefined for any other binary message. */
export const readPtyDataFrame = (bytes: Uint8Array): PtyDataPayload | undefined => {
  if (bytes.length < 10 || bytes[0] !== PTY_DATA_FRAME) return undefined;
  const idLength = bytes[1]!;
  const head = 2 + idLength + 8;
  if (bytes.length < head) return undefined;
  const id = String.fromCharCode(...bytes.subarray(2, 2 + idLength));
  const end = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getFloat64(2 + idLength, true);
  return { id, end, data: utf8.decode(bytes.subarray(head)) };
};
