// SPDX-License-Identifier: MIT
// Browser mode's WebSocket, in a dedicated worker. Chromium reads a page's socket on the page's
// thread, a message per task, between xterm.js's parse slices and the frames it paints: during a
// flood 1–4M characters waited in the socket while the page parsed ~100K at a time, so the page
// could never join and trim them (docs/benchmarks.md). Here the socket is read as fast as the
// server sends; what the page has not taken yet waits here, joined per pty (socket-messages.ts),
// and goes over in one message each time the page asks for more.
import {
  readPtyDataFrame,
  WS_BINARY_OUTPUT_PROTOCOL,
  WS_PATH,
  WS_PROTOCOL,
  WS_TOKEN_PROTOCOL_PREFIX,
  type ServerFrame,
} from '../../shared/ipc/wire-names';
import { queueFrame, type FromSocket, type ToSocket } from './socket-messages';

interface WorkerScope {
  postMessage(message: FromSocket): void;
  onmessage: ((event: MessageEvent<ToSocket>) => void) | null;
}

const scope = self as unknown as WorkerScope;
let socket: WebSocket | undefined;
/** Frames for the server made while the socket was still opening (the window's start request). */
let outbox: string[] = [];
let pending: ServerFrame[] = [];
/** Whether the page is waiting for frames (it asks again after handling each message). */
let wanted = true;

const deliver = (): void => {
  if (!wanted || pending.length === 0) return;
  wanted = false;
  scope.postMessage({ kind: 'frames', frames: pending });
  pending = [];
};

/**
 * The token goes out only as a WebSocket subprotocol, which the browser never sends on its own: no
 * cookie, nothing another local origin can replay. This worker is served from the page's origin.
 */
const connect = (token: string): void => {
  socket?.close();
  outbox = [];
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const current = new WebSocket(`${scheme}//${location.host}${WS_PATH}`, [
    WS_BINARY_OUTPUT_PROTOCOL,
    WS_PROTOCOL,
    WS_TOKEN_PROTOCOL_PREFIX + token,
  ]);
  // Output comes as binary messages (wire-names.ts), decoded here from UTF-8 instead of from JSON.
  current.binaryType = 'arraybuffer';
  socket = current;
  current.onopen = () => {
    if (current !== socket) return;
    for (const frame of outbox.splice(0)) current.send(frame);
    scope.postMessage({ kind: 'open' });
  };
  current.onmessage = (message: MessageEvent) => {
    if (current !== socket) return;
    if (typeof message.data === 'string') queueFrame(pending, JSON.parse(message.data) as ServerFrame);
    else {
      const payload = readPtyDataFrame(new Uint8Array(message.data as ArrayBuffer));
      if (!payload) return;
      queueFrame(pending, { t: 'event', channel: 'pty:data', payload });
    }
    deliver();
  };
  current.onclose = () => {
    if (current !== socket) return;
    socket = undefined;
    outbox = [];
    // What came before the close goes first, whether or not the page asked for it yet.
    if (pending.length > 0) scope.postMessage({ kind: 'frames', frames: pending.splice(0) });
    scope.postMessage({ kind: 'close' });
  };
};

scope.onmessage = ({ data: message }) => {
  if (message.kind === 'pull') {
    wanted = true;
    deliver();
  } else if (message.kind === 'send') {
    if (socket?.readyState === WebSocket.OPEN) socket.send(message.frame);
    else if (socket?.readyState === WebSocket.CONNECTING) outbox.push(message.frame);
  } else {
    connect(message.token);
  }
};
