// SPDX-License-Identifier: MIT
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, sse, startRawLlmServer, startSse, write, type RawLlmServer } from '../../tests/fixtures/llm-error-server';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../tests/fixtures/scripted-llm-server';
import { createAnthropicProvider } from './anthropic-provider';
import { createOpenAIProvider } from './openai-provider';
import { collect } from './testing/collect';
import type { ChatProvider, ChatRequest, ProviderTimeouts } from './types';

const KEY = 'sk-secret-abcdef0123456789';

interface Protocol {
  readonly name: string;
  make(url: string, options?: { apiKey?: string; timeouts?: Partial<ProviderTimeouts> }): ChatProvider;
  /** SSE that opens an answer and streams `text`. */
  opening(text: string): string;
  /** SSE for an error the server reports inside a 200 stream. */
  streamError(): string;
}

const openAIChunk = (delta: unknown) =>
  sse({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] });
const anthropicEvent = (data: { type: string } & Record<string, unknown>) => sse(data, data.type);

const PROTOCOLS: Protocol[] = [
  {
    name: 'openai-compatible',
    make: (url, options = {}) => createOpenAIProvider({ kind: 'openai-compatible', baseUrl: `${url}/v1`, ...options }),
    opening: (text) => openAIChunk({ role: 'assistant', content: text }),
    streamError: () => sse({ error: { message: 'upstream model crashed', type: 'server_error' } }),
  },
  {
    name: 'anthropic',
    make: (url, options = {}) => createAnthropicProvider({ baseUrl: url, ...options }),
    opening: (text) =>
      anthropicEvent({
        type: 'message_start',
        message: { id: 'm', type: 'message', role: 'assistant', model: 'c', content: [], usage: { input_tokens: 5, output_tokens: 1 } },
      }) +
      anthropicEvent({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }) +
      anthropicEvent({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }),
    streamError: () => anthropicEvent({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
  },
];

const ask = (signal?: AbortSignal): ChatRequest => ({
  model: 'test-model',
  messages: [{ role: 'user', content: 'why?' }],
  ...(signal ? { signal } : {}),
});

const closedPort = async (): Promise<string> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
};

let scripted: ScriptedLlmServer;
let raw: RawLlmServer;
beforeEach(async () => {
  scripted = await startScriptedLlmServer();
  raw = await startRawLlmServer();
});
afterEach(async () => {
  await Promise.all([scripted.close(), raw.close()]);
});

describe.each(PROTOCOLS)('$name provider errors', (protocol) => {
  it('reports an endpoint nobody listens on as unreachable', async () => {
    const { error } = await collect(protocol.make(await closedPort()).stream(ask()));
    expect(error?.toInfo()).toMatchObject({ kind: 'unreachable', retryable: true, status: null });
    expect(error?.message).toMatch(/Cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
  });

  it.each([
    [401, 'auth', false],
    [403, 'auth', false],
    [404, 'model-not-found', false],
    [400, 'invalid-request', false],
    [500, 'server', true],
    [529, 'server', true],
  ] as const)('classifies HTTP %i as %s, without the SDK retrying', async (status, kind, retryable) => {
    scripted.enqueue({ kind: 'error', status, message: `Incorrect API key provided: ${KEY}` });
    const { error } = await collect(protocol.make(scripted.url, { apiKey: KEY }).stream(ask()));
    expect(error?.toInfo()).toMatchObject({ kind, retryable, status });
    expect(scripted.requests).toHaveLength(1);
    expect(error?.message).not.toContain(KEY);
    expect(error?.message).not.toContain('sk-secret');
    if (status === 404) expect(error?.message).toContain('"test-model"');
  });

  it('reports 429 with the Retry-After delay in seconds', async () => {
    scripted.enqueue({ kind: 'error', status: 429, message: 'slow down', retryAfter: 7 });
    const { error } = await collect(protocol.make(scripted.url).stream(ask()));
    expect(error?.toInfo()).toMatchObject({ kind: 'rate-limited', retryable: true, retryAfterMs: 7000, status: 429 });
    expect(error?.message).toContain('7 s');
    expect(scripted.requests).toHaveLength(1);
  });

  it('prefers retry-after-ms when the server sends it', async () => {
    raw.handle((_req, res) =>
      sendJson(res, 429, { error: { message: 'slow down', type: 'rate_limit_error' } }, { 'retry-after-ms': '1500', 'retry-after': '9' }),
    );
    const { error } = await collect(protocol.make(raw.url).stream(ask()));
    expect(error?.toInfo()).toMatchObject({ kind: 'rate-limited', retryAfterMs: 1500 });
  });

  it('times out when the response does not start within the connect timeout', async () => {
    scripted.enqueue({ kind: 'hang' });
    const { error } = await collect(protocol.make(scripted.url, { timeouts: { connectTimeoutMs: 200 } }).stream(ask()));
    expect(error?.toInfo()).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('times out when a started stream goes quiet, keeping the text so far', async () => {
    raw.handle(async (request, res) => {
      startSse(res);
      await write(res, protocol.opening('Partial '));
      await request.closed;
    });
    const { error, text } = await collect(protocol.make(raw.url, { timeouts: { idleTimeoutMs: 200 } }).stream(ask()));
    expect(error?.toInfo()).toMatchObject({ kind: 'timeout', retryable: true });
    expect(text).toBe('Partial ');
    expect(error?.partialText).toBe('Partial ');
    await raw.requests[0]!.closed;
  });

  it('detects a stream cut by the server and keeps the partial text', async () => {
    scripted.enqueue({ kind: 'cut', text: 'one two three four five six seven eight nine ten', afterEvents: 4 });
    const { error, text } = await collect(protocol.make(scripted.url).stream(ask()));
    expect(error?.toInfo()).toMatchObject({ kind: 'bad-response', retryable: true });
    expect(text.length).toBeGreaterThan(0);
    expect(error?.partialText).toBe(text);
  });

  it('treats a stream that ends cleanly without finishing as cut', async () => {
    raw.handle(async (_req, res) => {
      startSse(res);
      await write(res, protocol.opening('Half an answer'));
      res.end();
    });
    const { error } = await collect(protocol.make(raw.url).stream(ask()));
    expect(error?.toInfo()).toMatchObject({ kind: 'bad-response' });
    expect(error?.message).toContain('cut off');
    expect(error?.partialText).toBe('Half an answer');
  });

  it('reports a malformed chunk as a bad response', async () => {
    raw.handle(async (_req, res) => {
      startSse(res);
      await write(res, protocol.opening('ok '));
      res.end('event: content_block_delta\ndata: {"type": "content_block_delta", oops\n\n');
    });
    const { error } = await collect(protocol.make(raw.url).stream(ask()));
    expect(error?.toInfo()).toMatchObject({ kind: 'bad-response', retryable: true });
  });

  it('reports an error the server sends inside the stream', async () => {
    raw.handle(async (_req, res) => {
      startSse(res);
      await write(res, protocol.opening('Start '));
      res.end(protocol.streamError());
    });
    const { error } = await collect(protocol.make(raw.url).stream(ask()));
    expect(error?.toInfo()).toMatchObject({ kind: 'server', retryable: true });
    expect(error?.partialText).toBe('Start ');
  });

  it('stops promptly on cancel mid-stream: the socket closes and the turn reports cancelled', async () => {
    raw.handle(async (request, res) => {
      startSse(res);
      await write(res, protocol.opening('first words'));
      await request.closed;
    });
    const controller = new AbortController();
    const started = performance.now();
    const { error, text } = await collect(protocol.make(raw.url).stream(ask(controller.signal)), (event) => {
      if (event.type === 'text-delta') controller.abort();
    });
    expect(error?.toInfo()).toMatchObject({ kind: 'cancelled', retryable: true });
    expect(text).toBe('first words');
    await raw.requests[0]!.closed;
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('reports cancelled for a signal aborted before the request', async () => {
    const controller = new AbortController();
    controller.abort();
    const { error } = await collect(protocol.make(scripted.url).stream(ask(controller.signal)));
    expect(error?.kind).toBe('cancelled');
  });

  it('does not follow a redirect to another origin, so the key stays home', async () => {
    const elsewhere = await startRawLlmServer();
    try {
      raw.handle((_req, res) => {
        res.writeHead(307, { location: `${elsewhere.url}/v1/messages` });
        res.end();
      });
      const { error } = await collect(protocol.make(raw.url, { apiKey: KEY }).stream(ask()));
      expect(error?.toInfo()).toMatchObject({ kind: 'bad-response', status: 307 });
      expect(elsewhere.requests).toHaveLength(0);
      expect(error?.message).not.toContain(KEY);
    } finally {
      await elsewhere.close();
    }
  });
});
