// SPDX-License-Identifier: MIT
import { PassThrough, Writable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { BackpressuredStdio } from './backpressured-stdio';

const request = (id: number): string => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`;

/** A stdout whose reader takes nothing until `release` (a client that stops reading). */
const stuckStdout = () => {
  const held: Array<() => void> = [];
  const stream = new Writable({ highWaterMark: 16, write: (_chunk, _encoding, done) => held.push(done) });
  return { stream, release: () => held.splice(0).forEach((done) => done()) };
};

describe('BackpressuredStdio', () => {
  it('stops handing requests on while stdout does not drain, and goes on once it does', async () => {
    const stdin = new PassThrough();
    const stdout = stuckStdout();
    const logged: string[] = [];
    const transport = new BackpressuredStdio(stdin, stdout.stream, (line) => logged.push(line));
    const seen: JSONRPCMessage[] = [];
    transport.onmessage = (message) => {
      seen.push(message);
      void transport.send({ jsonrpc: '2.0', id: (message as { id: number }).id, result: { padding: 'x'.repeat(100) } });
    };
    await transport.start();
    stdin.write(Array.from({ length: 50 }, (_, i) => request(i + 1)).join(''));
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    // The first answer filled stdout: nothing more is taken from the 50 waiting.
    expect(seen).toHaveLength(1);
    expect(stdin.isPaused()).toBe(true);
    for (let i = 0; seen.length < 50 && i < 100; i++) {
      stdout.release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(seen.map((m) => (m as { id: number }).id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(logged).toEqual([]);
    await transport.close();
  });

  it('does not count a request the client cancelled as waiting for its answer (the SDK sends none)', async () => {
    const stdin = new PassThrough();
    const transport = new BackpressuredStdio(stdin, new PassThrough(), () => undefined);
    const seen: number[] = [];
    transport.onmessage = (message) => {
      if ('id' in message) seen.push(message.id as number);
    };
    await transport.start();
    stdin.write(Array.from({ length: 8 }, (_, i) => request(i + 1)).join('') + request(99));
    await expect.poll(() => seen.length).toBe(8);
    const cancel = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } })}\n`;
    stdin.write(Array.from({ length: 8 }, (_, i) => cancel(i + 1)).join(''));
    await expect.poll(() => seen).toContain(99);
    await transport.close();
  });

  it('ends with a reason on a request line over the limit, without holding it', async () => {
    const stdin = new PassThrough();
    const transport = new BackpressuredStdio(stdin, new PassThrough(), () => undefined);
    let fatal: string | undefined;
    transport.onfatal = (reason) => (fatal = reason);
    await transport.start();
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"');
    // Over the SDK's own limit, which bounds ours: where the SDK's transport ended silently, ours says why.
    stdin.write('a'.repeat(STDIO_DEFAULT_MAX_BUFFER_SIZE));
    await expect.poll(() => fatal).toMatch(/request line was longer than \d+ bytes/);
  });

  it('skips a line that is not JSON-RPC, saying so, and reads on', async () => {
    const stdin = new PassThrough();
    const logged: string[] = [];
    const transport = new BackpressuredStdio(stdin, new PassThrough(), (line) => logged.push(line));
    const seen: JSONRPCMessage[] = [];
    transport.onmessage = (message) => seen.push(message);
    await transport.start();
    stdin.write(`not json\n${request(7)}`);
    await expect.poll(() => seen.length).toBe(1);
    expect(logged[0]).toMatch(/not JSON-RPC/);
  });
});
