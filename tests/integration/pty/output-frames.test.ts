// SPDX-License-Identifier: MIT
// Browser mode sends `pty:data` as binary messages to a page that offers WS_BINARY_OUTPUT_PROTOCOL
// (shared/ipc/wire-names.ts) and as JSON to one that offers the plain protocol alone (a page of an
// earlier build): the same output either way, multibyte characters and escapes included.
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type AppServer } from '../../e2e/support/app';
import { readPtyDataFrame, WS_BINARY_OUTPUT_PROTOCOL, WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from '../../../shared/ipc/wire-names';

/** A raw client offering `protocols`: every output frame's kind, and the output decoded. */
const openClient = async (server: AppServer, protocols: string[]) => {
  const socket = new WebSocket(`${server.origin.replace('http', 'ws')}/ws`, [...protocols, WS_TOKEN_PROTOCOL_PREFIX + server.token], {
    origin: server.origin,
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const seen = { output: '', binary: 0, json: 0, id: '' };
  socket.on('message', (raw: Buffer, isBinary) => {
    if (isBinary) {
      const payload = readPtyDataFrame(new Uint8Array(raw));
      if (!payload) return;
      seen.binary++;
      seen.output += payload.data;
      return socket.send(JSON.stringify({ t: 'send', channel: 'pty:ack', payload: { id: payload.id, chars: payload.data.length } }));
    }
    const frame = JSON.parse(raw.toString()) as {
      t: string;
      id?: number;
      channel?: string;
      result?: { value?: { id: string } };
      payload?: { id: string; data: string };
    };
    if (frame.t === 'result' && frame.result?.value) seen.id = frame.result.value.id;
    if (frame.channel !== 'pty:data') return;
    seen.json++;
    seen.output += frame.payload!.data;
  });
  socket.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'pty:spawn', payload: { cols: 100, rows: 30 } }));
  await expect.poll(() => seen.id, { timeout: 20_000 }).not.toBe('');
  return { socket, seen };
};

describe('pty:data on the socket', () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startServer();
  }, 60_000);
  afterAll(() => server.stop());

  for (const [kind, protocols] of [
    ['binary', [WS_BINARY_OUTPUT_PROTOCOL, WS_PROTOCOL]],
    ['json', [WS_PROTOCOL]],
  ] as const) {
    it(`goes as ${kind} to a page that offers ${protocols.join(' + ')}`, async () => {
      const { socket, seen } = await openClient(server, [...protocols]);
      try {
        expect(socket.protocol).toBe(protocols[0]);
        // Octal escapes, so the echo of the typed line never matches: ESC, 漢 (3 bytes), 🎉 (4 bytes).
        const line = "printf '\\033[31mx\\033[0m\\346\\274\\242\\360\\237\\216\\211-%s\\n' $((6*7))\r";
        socket.send(JSON.stringify({ t: 'send', channel: 'pty:input', payload: { id: seen.id, data: line } }));
        await expect.poll(() => seen.output.includes('\x1b[31mx\x1b[0m漢🎉-42'), { timeout: 20_000 }).toBe(true);
        expect(kind === 'binary' ? seen.binary > 0 && seen.json === 0 : seen.json > 0 && seen.binary === 0).toBe(true);
      } finally {
        socket.close();
      }
    }, 40_000);
  }
});
