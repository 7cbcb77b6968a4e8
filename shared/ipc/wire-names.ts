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
