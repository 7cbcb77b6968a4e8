// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../fixtures/scripted-llm-server';

/** A small SSE reader: `event:` names and parsed `data:` payloads, in order. */
const readSse = async (response: Response): Promise<Array<{ event: string | null; data: string }>> => {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? null;
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data };
    });
};

let server: ScriptedLlmServer;
beforeEach(async () => {
  server = await startScriptedLlmServer({ models: ['gpt-4o', 'claude-x'] });
});
afterEach(async () => {
  await server.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('scripted LLM server: OpenAI chat completions', () => {
  it('streams text as chat.completion.chunk lines, a usage chunk when asked, then [DONE]', async () => {
    server.enqueue({
      kind: 'text',
      text: 'The build failed because of a missing import.',
      usage: { promptTokens: 120, completionTokens: 11 },
    });
    const events = await readSse(
      await post('/v1/chat/completions', {
        model: 'gpt-4o',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'why?' }],
      }),
    );
    expect(events.at(-1)!.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'gpt-4o')).toBe(true);
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('The build failed because of a missing import.');
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 120, completion_tokens: 11, total_tokens: 131 } });
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
  });

  it('streams tool calls as incremental deltas that reassemble into the arguments', async () => {
    server.enqueue({
      kind: 'tool-calls',
      calls: [
        { name: 'get_commands', arguments: { command_ids: ['a:1', 'b:2'] } },
        { id: 'call_x', name: 'get_commands', arguments: '{"command_ids":["c:3"]}' },
      ],
    });
    const events = await readSse(await post('/v1/chat/completions', { model: 'm', stream: true, messages: [] }));
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data));
    const calls: Array<{ id?: string; name?: string; args: string }> = [];
    for (const chunk of chunks) {
      for (const tc of chunk.choices[0]?.delta?.tool_calls ?? []) {
        calls[tc.index] ??= { args: '' };
        if (tc.id) calls[tc.index]!.id = tc.id;
        if (tc.function?.name) calls[tc.index]!.name = tc.function.name;
        calls[tc.index]!.args += tc.function?.arguments ?? '';
      }
    }
    expect(calls.map((c) => [c.name, JSON.parse(c.args)])).toEqual([
      ['get_commands', { command_ids: ['a:1', 'b:2'] }],
      ['get_commands', { command_ids: ['c:3'] }],
    ]);
    expect(calls[1]!.id).toBe('call_x');
    expect(chunks.filter((c) => c.choices[0]?.delta?.tool_calls).length).toBeGreaterThan(4);
    expect(chunks.at(-1).choices[0].finish_reason).toBe('tool_calls');
    expect(chunks.some((c) => 'usage' in c)).toBe(false);
  });

  it('answers non-streaming requests with a chat.completion and usage', async () => {
    server.enqueue({ kind: 'text', text: 'ok' }, { kind: 'tool-calls', calls: [{ name: 't', arguments: { a: 1 } }] });
    const text = (await (await post('/chat/completions', { model: 'm', messages: [] })).json()) as {
      usage: { total_tokens: number; prompt_tokens: number; completion_tokens: number };
    };
    expect(text).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
    });
    expect(text.usage.total_tokens).toBe(text.usage.prompt_tokens + text.usage.completion_tokens);
    const tools = (await (await post('/v1/chat/completions', { model: 'm', messages: [] })).json()) as { choices: unknown[] };
    expect(tools.choices[0]).toMatchObject({
      message: { content: null, tool_calls: [{ type: 'function', function: { name: 't', arguments: '{"a":1}' } }] },
      finish_reason: 'tool_calls',
    });
  });

  it('lists models', async () => {
    const list = await (await fetch(`${server.openaiBaseUrl}/models`)).json();
    expect(list).toEqual({
      object: 'list',
      data: [expect.objectContaining({ id: 'gpt-4o', object: 'model' }), expect.objectContaining({ id: 'claude-x' })],
    });
  });
});

describe('scripted LLM server: Anthropic messages', () => {
  it('streams message_start, text and tool_use blocks with input_json_delta, message_delta and message_stop', async () => {
    server.enqueue({
      kind: 'tool-calls',
      text: 'Let me look.',
      calls: [{ name: 'get_commands', arguments: { command_ids: ['s:4'] } }],
      usage: { promptTokens: 300, completionTokens: 40 },
    });
    const events = await readSse(
      await post('/v1/messages', { model: 'claude-x', max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    );
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('message_start');
    expect(names.at(-2)).toBe('message_delta');
    expect(names.at(-1)).toBe('message_stop');
    const data = events.map((e) => JSON.parse(e.data));
    expect(data.every((d, i) => d.type === names[i])).toBe(true);
    expect(data[0].message).toMatchObject({ role: 'assistant', model: 'claude-x', content: [], usage: { input_tokens: 300 } });
    const starts = data.filter((d) => d.type === 'content_block_start');
    expect(starts.map((s) => s.content_block.type)).toEqual(['text', 'tool_use']);
    expect(starts[1].content_block).toMatchObject({ name: 'get_commands', input: {} });
    const text = data
      .filter((d) => d.delta?.type === 'text_delta')
      .map((d) => d.delta.text)
      .join('');
    const json = data
      .filter((d) => d.delta?.type === 'input_json_delta' && d.index === 1)
      .map((d) => d.delta.partial_json)
      .join('');
    expect(text).toBe('Let me look.');
    expect(JSON.parse(json)).toEqual({ command_ids: ['s:4'] });
    expect(data.at(-2)).toMatchObject({ delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 40 } });
  });

  it('answers non-streaming requests with a message', async () => {
    server.enqueue({ kind: 'text', text: 'hello' });
    const msg = await (await post('/v1/messages', { model: 'claude-x', max_tokens: 10, messages: [] })).json();
    expect(msg).toMatchObject({ type: 'message', role: 'assistant', content: [{ type: 'text', text: 'hello' }], stop_reason: 'end_turn' });
  });
});

describe('scripted LLM server: failures and recording', () => {
  it('returns scripted errors with status, retry-after and the protocol’s error shape', async () => {
    server.enqueue({ kind: 'error', status: 429, retryAfter: 7 }, { kind: 'error', status: 529, message: 'busy' });
    const limited = await post('/v1/chat/completions', { model: 'm', messages: [] });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.json()).toMatchObject({ error: { type: 'rate_limit_error', code: 'rate_limit_exceeded' } });
    const overloaded = await post('/v1/messages', { model: 'c', max_tokens: 1, messages: [] });
    expect(overloaded.status).toBe(529);
    expect(await overloaded.json()).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'busy' } });
  });

  it('cuts a stream mid-way: no [DONE], the body read fails or ends early', async () => {
    server.enqueue({ kind: 'cut', text: 'one two three four five six seven eight nine', afterEvents: 2 });
    const response = await post('/v1/chat/completions', { model: 'm', stream: true, messages: [] });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('chat.completion.chunk');
    let received = '';
    const rest = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'ended';
        received += new TextDecoder().decode(value);
      }
    })();
    expect(await rest.catch(() => 'failed')).toMatch(/ended|failed/);
    expect(received).not.toContain('[DONE]');
    server.enqueue({ kind: 'cut', text: 'whole answer', afterEvents: 1 });
    const plain = await post('/v1/chat/completions', { model: 'm', messages: [] });
    await expect(plain.json()).rejects.toThrow();
  });

  it('hangs until the client gives up, and still closes cleanly', async () => {
    server.enqueue({ kind: 'hang' });
    await expect(
      fetch(`${server.openaiBaseUrl}/chat/completions`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(150) }),
    ).rejects.toThrow();
    expect(server.requests).toHaveLength(1);
  });

  it('records every request body and resolves waiters on arrival', async () => {
    server.enqueue({ kind: 'text', text: 'a' }, { kind: 'text', text: 'b' });
    const waiting = server.waitForRequests(2);
    await post('/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'first' }] });
    await post('/v1/messages', { model: 'c', max_tokens: 5, messages: [{ role: 'user', content: 'second' }] }, { 'x-api-key': 'k' });
    const seen = await waiting;
    expect(seen.map((r) => [r.protocol, (r.body as { messages: Array<{ content: string }> }).messages[0]!.content])).toEqual([
      ['openai', 'first'],
      ['anthropic', 'second'],
    ]);
    expect(seen[1]!.headers['x-api-key']).toBe('k');
    expect(server.pending()).toBe(0);
  });

  it('answers 500 when nothing is queued, 400 on a non-JSON body, 404 elsewhere', async () => {
    expect((await post('/v1/chat/completions', { model: 'm' })).status).toBe(500);
    expect((await fetch(`${server.openaiBaseUrl}/chat/completions`, { method: 'POST', body: 'nope' })).status).toBe(400);
    expect((await fetch(`${server.url}/v2/other`)).status).toBe(404);
  });

  it('checks the API key when configured', async () => {
    const secured = await startScriptedLlmServer({ apiKey: 'sekrit' });
    secured.enqueue({ kind: 'text', text: 'ok' });
    const denied = await fetch(`${secured.url}/v1/messages`, { method: 'POST', body: '{}' });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    const allowed = await fetch(`${secured.openaiBaseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sekrit' },
      body: '{"model":"m","messages":[]}',
    });
    expect(allowed.status).toBe(200);
    await secured.close();
  });
});
