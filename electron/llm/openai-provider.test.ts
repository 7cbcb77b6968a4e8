// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sse, startRawLlmServer, startSse, write, type RawLlmServer } from '../../tests/fixtures/llm-error-server';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../tests/fixtures/scripted-llm-server';
import { createOpenAIProvider } from './openai-provider';
import { collect } from './testing/collect';
import type { ChatMessage, ToolDefinition } from './types';

const GET_COMMANDS: ToolDefinition = {
  name: 'get_commands',
  description: 'Full output of recorded commands',
  parameters: { type: 'object', properties: { command_ids: { type: 'array', items: { type: 'string' } } }, required: ['command_ids'] },
};

const HISTORY: ChatMessage[] = [
  { role: 'system', content: 'You help with a terminal.' },
  { role: 'user', content: 'Why did make fail?' },
  { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get_commands', arguments: '{"command_ids":["s:1"]}' }] },
  { role: 'tool', toolCallId: 'call_1', content: '$ make\nerror: missing header' },
  { role: 'assistant', content: 'A header is missing.' },
  { role: 'user', content: 'Which one?' },
];

const chunk = (delta: unknown, finish: string | null = null, extra: Record<string, unknown> = {}) =>
  sse({
    id: 'c',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });

let scripted: ScriptedLlmServer;
let raw: RawLlmServer;
beforeEach(async () => {
  scripted = await startScriptedLlmServer({ models: ['llama3.2', 'qwen2.5-coder'] });
  raw = await startRawLlmServer();
});
afterEach(async () => {
  await Promise.all([scripted.close(), raw.close()]);
});

describe('OpenAI-compatible provider: request shape', () => {
  it('sends neutral messages as Chat Completions messages, with tools, streaming and usage requested', async () => {
    scripted.enqueue({ kind: 'text', text: 'stdio.h' });
    const provider = createOpenAIProvider({ kind: 'openai-compatible', baseUrl: scripted.openaiBaseUrl });
    await collect(provider.stream({ model: 'llama3.2', messages: HISTORY, tools: [GET_COMMANDS], maxOutputTokens: 256 }));
    const [request] = scripted.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(request!.body).toEqual({
      model: 'llama3.2',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 256,
      messages: [
        { role: 'system', content: 'You help with a terminal.' },
        { role: 'user', content: 'Why did make fail?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_commands', arguments: '{"command_ids":["s:1"]}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '$ make\nerror: missing header' },
        { role: 'assistant', content: 'A header is missing.' },
        { role: 'user', content: 'Which one?' },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'get_commands', description: GET_COMMANDS.description, parameters: GET_COMMANDS.parameters },
        },
      ],
    });
    expect(request!.headers.authorization).toBeUndefined();
  });

  it('uses max_completion_tokens for OpenAI itself, sends the key as a bearer token, and drops tools for a final answer', async () => {
    scripted.enqueue({ kind: 'text', text: 'ok' });
    const provider = createOpenAIProvider({ kind: 'openai', baseUrl: scripted.openaiBaseUrl, apiKey: 'sk-test-0123456789' });
    await collect(provider.stream({ model: 'gpt-4o', messages: HISTORY, tools: [GET_COMMANDS], toolChoice: 'none', maxOutputTokens: 5 }));
    const body = scripted.requests[0]!.body as Record<string, unknown>;
    expect(body.max_completion_tokens).toBe(5);
    expect(body).not.toHaveProperty('max_tokens');
    expect(body).not.toHaveProperty('tools');
    expect(scripted.requests[0]!.headers.authorization).toBe('Bearer sk-test-0123456789');
  });
});

describe('OpenAI-compatible provider: streaming', () => {
  it('streams text, then reports usage and the finish reason', async () => {
    scripted.enqueue({ kind: 'text', text: 'The missing header is stdio.h, add it.', usage: { promptTokens: 321, completionTokens: 12 } });
    const provider = createOpenAIProvider({ kind: 'openai-compatible', baseUrl: scripted.openaiBaseUrl });
    const { events, text, error } = await collect(provider.stream({ model: 'llama3.2', messages: HISTORY }));
    expect(error).toBeUndefined();
    expect(text).toBe('The missing header is stdio.h, add it.');
    expect(events.filter((e) => e.type === 'text-delta').length).toBeGreaterThan(1);
    expect(events.slice(-2)).toEqual([
      { type: 'usage', usage: { inputTokens: 321, outputTokens: 12 } },
      { type: 'done', finishReason: 'stop', rawFinishReason: 'stop' },
    ]);
  });

  it('assembles parallel tool calls from argument fragments of a few characters', async () => {
    scripted.enqueue({
      kind: 'tool-calls',
      argumentChunkSize: 3,
      text: 'Let me look.',
      calls: [
        { name: 'get_commands', arguments: { command_ids: ['a:1', 'b:2'] } },
        { id: 'call_x', name: 'get_commands', arguments: { command_ids: ['c:3'] } },
      ],
    });
    const provider = createOpenAIProvider({ kind: 'openai-compatible', baseUrl: scripted.openaiBaseUrl });
    const { calls, text, events } = await collect(provider.stream({ model: 'm', messages: HISTORY, tools: [GET_COMMANDS] }));
    expect(text).toBe('Let me look.');
    expect(calls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['get_commands', { command_ids: ['a:1', 'b:2'] }],
      ['get_commands', { command_ids: ['c:3'] }],
    ]);
    expect(calls[1]!.id).toBe('call_x');
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'tool-calls', rawFinishReason: 'tool_calls' });
  });

  it('keeps calls apart when their fragments interleave with each other and with text, one character at a time', async () => {
    const first = '{"command_ids":["s:1","s:2"]}';
    const second = '{"command_ids":["t:9"]}';
    raw.handle(async (_req, res) => {
      startSse(res);
      await write(res, chunk({ role: 'assistant', content: 'Checking ' }));
      await write(res, chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_', arguments: '' } }] }));
      await write(
        res,
        chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'get_commands', arguments: '' } }] }),
      );
      await write(res, chunk({ tool_calls: [{ index: 0, function: { name: 'commands' } }] }));
      for (let i = 0; i < Math.max(first.length, second.length); i++) {
        if (i < first.length) await write(res, chunk({ tool_calls: [{ index: 0, function: { arguments: first[i] } }] }));
        if (i === 5) await write(res, chunk({ content: 'both.' }));
        if (i < second.length) await write(res, chunk({ tool_calls: [{ index: 1, function: { arguments: second[i] } }] }));
      }
      await write(res, chunk({}, 'tool_calls'));
      await write(res, sse({ id: 'c', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 40, completion_tokens: 30 } }));
      res.end(sse('[DONE]'));
    });
    const provider = createOpenAIProvider({ kind: 'openai-compatible', baseUrl: `${raw.url}/v1` });
    const { calls, text, events, error } = await collect(provider.stream({ model: 'm', messages: HISTORY, tools: [GET_COMMANDS] }));
    expect(error).toBeUndefined();
    expect(text).toBe('Checking both.');
    expect(calls).toEqual([
      { id: 'call_a', name: 'get_commands', arguments: first },
      { id: 'call_b', name: 'get_commands', arguments: second },
    ]);
    expect(events).toContainEqual({ type: 'usage', usage: { inputTokens: 40, outputTokens: 30 } });
  });

  it('lists the models the server offers', async () => {
    const provider = createOpenAIProvider({ kind: 'openai-compatible', baseUrl: scripted.openaiBaseUrl });
    expect(await provider.listModels()).toEqual([{ id: 'llama3.2' }, { id: 'qwen2.5-coder' }]);
    expect(scripted.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models' });
  });
});
