// SPDX-License-Identifier: MIT
import type { WebSocket } from 'ws';
import {
  ptyDataHeaderBytes,
  writePtyDataHeader,
  WS_BINARY_OUTPUT_PROTOCOL,
  type PtyDataPayload,
  type ServerFrame,
} from '../../shared/ipc/wire-names';
import { parseClientFrame } from './client-frame';
import type { Core } from '../app/create-core';
import { closeSignal } from '../ipc/close-signal';
import type { Client } from '../ipc/router';

/** `pty:data` as a binary message (wire-names.ts): the output encoded once, straight into the frame. */
const ptyDataFrame = ({ id, data, end }: PtyDataPayload): Buffer => {
  const head = ptyDataHeaderBytes(id);
  const frame = Buffer.allocUnsafe(head + Buffer.byteLength(data));
  writePtyDataHeader(frame, id, end);
  frame.write(data, head, 'utf8');
  return frame;
};

/**
 * One authenticated WebSocket as a router client. Nothing a peer sends may throw out of here: a
 * malformed frame is dropped, and a handler that rejects is answered `internal` for that request
 * only (the router already maps expected failures), never as an unhandled rejection that would
 * end the process.
 */
export const serveSocket = (core: Core, ws: WebSocket, id: string, log: (message: string) => void): void => {
  const closing = closeSignal((error) => log(`ws: close listener failed: ${String(error)}`));
  const post = (frame: ServerFrame) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };
  const binaryOutput = ws.protocol === WS_BINARY_OUTPUT_PROTOCOL;
  const client: Client = {
    id,
    emit: (channel, payload) => {
      if (channel === 'pty:data' && binaryOutput && ws.readyState === ws.OPEN) return ws.send(ptyDataFrame(payload as PtyDataPayload));
      post({ t: 'event', channel, payload });
    },
    onClose: closing.onClose,
  };
  core.connect(client);
  ws.on('message', (raw, isBinary) => {
    if (isBinary) return;
    try {
      const frame = parseClientFrame(raw.toString());
      if (!frame) return log('ws: dropped a malformed frame');
      if (frame.t === 'send') return core.router.send(client, frame.channel, frame.payload);
      core.router.invoke(client, frame.channel, frame.payload).then(
        (result) => post({ t: 'result', id: frame.id, result }),
        (error: unknown) => {
          log(`ws: ${frame.channel}: ${String(error)}`);
          post({ t: 'result', id: frame.id, result: { ok: false, error: { code: 'internal', message: `${frame.channel} failed` } } });
        },
      );
    } catch (error) {
      log(`ws: frame handling failed: ${String(error)}`);
    }
  });
  ws.on('close', closing.close);
  ws.on('error', (error) => log(`ws: ${error.message}`));
};
