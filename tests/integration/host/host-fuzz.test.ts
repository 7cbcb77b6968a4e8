// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../shared/testing/seeded-random';
import { startServer, type AppServer } from '../../e2e/support/app';
import { generateRequest, sendRaw } from '../../fixtures/malformed-http';
import { HostClient } from '../support/host-ws-client';

/**
 * Browser mode's entry points must be total: one request that throws in a handler ends the
 * process, and with it every terminal. A live terminal stays up while thousands of malformed
 * requests, upgrade handshakes and WebSocket frames arrive (127.0.0.1 only, bounded count and time).
 */
describe('browser host under malformed input', () => {
  let server: AppServer;
  let client: HostClient;
  let ptyId: string;
  let output = '';

  const echo = async (marker: string) => {
    const seen = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${marker} in the terminal`)), 15_000);
      const stop = client.on((channel, payload) => {
        if (channel !== 'pty:data') return;
        const { id, data } = payload as { id: string; data: string };
        if (id !== ptyId) return;
        output += data;
        client.send('pty:ack', { id, chars: data.length });
        if (output.includes(`${marker}-ok`)) {
          clearTimeout(timer);
          stop();
          resolve();
        }
      });
    });
    // The typed line reads `marker-'o''k'`, so only the command's output contains `marker-ok`.
    client.send('pty:input', { id: ptyId, data: `echo ${marker}-'o''k'\r` });
    await seen;
  };

  beforeAll(async () => {
    server = await startServer();
    client = await HostClient.connect(server.origin, server.token);
    ptyId = (await client.invoke<{ id: string }>('pty:spawn', { cols: 80, rows: 24 })).id;
    await echo('before');
  });
  afterAll(async () => {
    client?.close();
    await server?.stop();
  });

  it('survives the requests that used to end it', async () => {
    const port = Number(new URL(server.origin).port);
    const upgrade =
      'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';
    const known = [
      `GET //[ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${upgrade}\r\n`,
      `GET //[/ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:1\r\n${upgrade}\r\n`,
      `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: contexterm_token_${port}=%\r\n${upgrade}\r\n`,
      `GET /%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
      `GET /assets/%zz.js HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    ];
    for (const request of known) await sendRaw(port, request);
    expect(server.process.exitCode).toBeNull();
    await echo('known');
  });

  it('survives thousands of generated malformed requests and handshakes', async () => {
    const port = Number(new URL(server.origin).port);
    const random = seededRandom(0xc0ffee);
    const deadline = Date.now() + 45_000;
    let sent = 0;
    const statuses = new Map<string, number>();
    while (sent < 3000 && Date.now() < deadline) {
      const batch = Array.from({ length: 25 }, () => generateRequest(random, port));
      const answers = await Promise.all(batch.map((request) => sendRaw(port, request)));
      for (const answer of answers) {
        const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 'none';
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      sent += batch.length;
      expect(server.process.exitCode).toBeNull();
    }
    expect(sent).toBeGreaterThanOrEqual(1000);
    // Nothing malformed is ever let in: no 101 switch, no page without the token.
    expect(statuses.get('101') ?? 0).toBe(0);
    expect(statuses.get('500') ?? 0).toBe(0);
    await echo('generated');
  });

  it('survives malformed frames on an authenticated socket', async () => {
    const random = seededRandom(7);
    const other = await HostClient.connect(server.origin, server.token);
    const frames = [
      'not json',
      '{',
      'null',
      '[]',
      '{"t":"invoke"}',
      '{"t":"invoke","id":-1,"channel":"pty:spawn","payload":{}}',
      '{"t":"invoke","id":1e400,"channel":"x","payload":1}',
      '{"t":"send","channel":"pty:input","payload":{"id":{"toString":1},"data":[]}}',
      '{"t":"send","channel":"pty:ack","payload":{"id":"nope","chars":-5}}',
      '{"t":"send","channel":"__proto__","payload":{}}',
      '{"t":"invoke","id":2,"channel":"constructor","payload":{}}',
      `{"t":"send","channel":"${'x'.repeat(70)}"}`,
    ];
    for (let i = 0; i < 500; i++) {
      frames.push(
        JSON.stringify({
          t: random() < 0.5 ? 'send' : 'invoke',
          id: 1_000_000 + i,
          channel: ['pty:input', 'pty:resize', 'pty:spawn', 'assistant:ask', 'settings:set'][i % 5],
          payload: garbage(random),
        }),
      );
    }
    for (const frame of frames) other.sendRaw(frame);
    // An invoke after the garbage still gets its answer on the same socket.
    await expect(other.invoke('app:info', {})).resolves.toBeDefined();
    other.close();
    expect(server.process.exitCode).toBeNull();
    await echo('frames');
  });
});

const garbage = (random: () => number): unknown => {
  const pick = Math.floor(random() * 8);
  if (pick === 0) return null;
  if (pick === 1) return 'x'.repeat(Math.floor(random() * 1000));
  if (pick === 2) return { id: random(), data: random() < 0.5 ? '\u0000' : 42 };
  if (pick === 3) return { cols: -1, rows: 1e9 };
  if (pick === 4) return [garbage(random)];
  if (pick === 5) return { __proto__: { polluted: true }, id: 'p1' };
  if (pick === 6) return { question: 'q', conversationId: 'missing', model: 123 };
  return random();
};
