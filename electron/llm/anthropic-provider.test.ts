// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sse, startRawLlmServer, startSse, write, type RawLlmServer } from '../../tests/fixtures/llm-error-server';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../tests/fixtures/scripted-llm-server';
import { CONTINUATION_MARKER, toAnthropicMessages } from './anthropic-messages';
import { createAnthropicProvider } from './anthropic-provider';
import { collect } from './testing/collect';
import type { ChatMessage, ToolDefinition } from './types';

const GET_COMMANDS: ToolDefinition = {
  name: 'get_commands',
  description: 'Full output of recorded commands',
  parameters: { type: 'object', properties: { command_ids: { type: 'array', items: { type: 'string' } } } },
};

const HISTORY: ChatMessage[] = [
  { role: 'system', content: 'You help with a terminal.' },
  { role: 'user', content: 'Why did make fail?' },
  {
    role: 'assistant',
    content: 'Looking.',
    toolCalls: [
      { id: 'toolu_1', name: 'get_commands', arguments: '{"command_ids":["s:1"]}' },
      { id: 'toolu_2', name: 'get_commands', arguments: '{"command_ids":["s:2"]}' },
    ],
  },
  { role: 'tool', toolCallId: 'toolu_1', content: '$ make\nerror: missing header' },
  { role: 'tool', toolCallId: 'toolu_2', content: 'no such command', isError: true },
  { role: 'assistant', content: 'A header is missing.' },
  { role: 'user', content: 'Which one?' },
];

let scripted: ScriptedLlmServer;
let raw: RawLlmServer;
beforeEach(async () => {
  scripted = await startScriptedLlmServer({ models: ['claude-test-model'] });
  raw = await startRawLlmServer();
});
afterEach(async () => {
  await Promise.all([scripted.close(), raw.close()]);
});

describe('Anthropic provider: request shape', () => {
  it('puts the system prompt on top, tool calls in tool_use blocks, and all results of a round in one user turn', async () => {
    scripted.enqueue({ kind: 'text', text: 'stdio.h' });
    const provider = createAnthropicProvider({ baseUrl: scripted.url, apiKey: 'sk-ant-test-123456' });
    await collect(provider.stream({ model: 'claude-test-model', messages: HISTORY, tools: [GET_COMMANDS] }));
    const [request] = scripted.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/messages' });
    expect(request!.body).toEqual({
      model: 'claude-test-model',
      max_tokens: 4096,
      stream: true,
      system: 'You help with a terminal.',
      tools: [{ name: 'get_commands', description: GET_COMMANDS.description, input_schema: GET_COMMANDS.parameters }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Why did make fail?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Looking.' },
            { type: 'tool_use', id: 'toolu_1', name: 'get_commands', input: { command_ids: ['s:1'] } },
            { type: 'tool_use', id: 'toolu_2', name: 'get_commands', input: { command_ids: ['s:2'] } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '$ make\nerror: missing header' },
            { type: 'tool_result', tool_use_id: 'toolu_2', content: 'no such command', is_error: true },
          ],
        },
        { role: 'assistant', content: [{ type: 'text', text: 'A header is missing.' }] },
        { role: 'user', content: [{ type: 'text', text: 'Which one?' }] },
      ],
    });
    expect(JSON.stringify(request!.headers)).toContain('sk-ant-test-123456');
  });

  it('keeps the tools but forbids calls in the final round, and sends no key header without a key', async () => {
    scripted.enqueue({ kind: 'text', text: 'ok' });
    const provider = createAnthropicProvider({ baseUrl: `${scripted.url}/v1/` });
    await collect(provider.stream({ model: 'c', messages: HISTORY, tools: [GET_COMMANDS], toolChoice: 'none', maxOutputTokens: 9 }));
    const request = scripted.requests[0]!;
    expect(request.path).toBe('/v1/messages');
    expect(request.body).toMatchObject({ max_tokens: 9, tool_choice: { type: 'none' }, tools: [{ name: 'get_commands' }] });
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers['x-api-key']).toBeUndefined();
  });

  it('starts with a user turn and merges consecutive turns of one role', () => {
    const { messages, system } = toAnthropicMessages([
      { role: 'assistant', content: 'Summary of earlier talk.' },
      { role: 'assistant', content: '' },
      { role: 'user', content: 'one' },
      { role: 'user', content: 'two' },
    ]);
    expect(system).toBeUndefined();
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: CONTINUATION_MARKER }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Summary of earlier talk.' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      },
    ]);
  });
});

describe('Anthropic provider: streaming', () => {
  it('streams text and assembles tool_use input from input_json_delta fragments', async () => {
    scripted.enqueue({
      kind: 'tool-calls',
      text: 'Let me fetch them.',
      argumentChunkSize: 2,
      usage: { promptTokens: 900, completionTokens: 40 },
      calls: [
        { id: 'toolu_a', name: 'get_commands', arguments: { command_ids: ['a:1', 'b:2'] } },
        { id: 'toolu_b', name: 'get_commands', arguments: { command_ids: ['c:3'] } },
      ],
    });
    const provider = createAnthropicProvider({ baseUrl: scripted.url, apiKey: 'sk-ant-x-000000' });
    const { text, calls, events, error } = await collect(provider.stream({ model: 'c', messages: HISTORY, tools: [GET_COMMANDS] }));
    expect(error).toBeUndefined();
    expect(text).toBe('Let me fetch them.');
    expect(calls).toEqual([
      { id: 'toolu_a', name: 'get_commands', arguments: '{"command_ids":["a:1","b:2"]}' },
      { id: 'toolu_b', name: 'get_commands', arguments: '{"command_ids":["c:3"]}' },
    ]);
    expect(events.slice(-2)).toEqual([
      { type: 'usage', usage: { inputTokens: 900, outputTokens: 40 } },
      { type: 'done', finishReason: 'tool-calls', rawFinishReason: 'tool_use' },
    ]);
  });

  it('counts cached prompt tokens as input and emits text between tool blocks in order', async () => {
    const ev = (data: { type: string } & Record<string, unknown>) => sse(data, data.type);
    raw.handle(async (_req, res) => {
      startSse(res);
      const usage = { input_tokens: 10, cache_read_input_tokens: 500, cache_creation_input_tokens: 20, output_tokens: 1 };
      await write(
        res,
        ev({ type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', model: 'c', content: [], usage } }),
      );
      await write(
        res,
        ev({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_commands', input: {} } }),
      );
      for (const part of ['{"comm', 'and_ids"', ': ["x:', '1"]}']) {
        await write(res, ev({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: part } }));
      }
      await write(res, ev({ type: 'content_block_stop', index: 0 }));
      await write(res, ev({ type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }));
      await write(res, ev({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'and then' } }));
      await write(res, ev({ type: 'content_block_stop', index: 1 }));
      await write(res, ev({ type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 77 } }));
      res.end(ev({ type: 'message_stop' }));
    });
    const provider = createAnthropicProvider({ baseUrl: raw.url, apiKey: 'sk-ant-x-000000' });
    const { events } = await collect(provider.stream({ model: 'c', messages: HISTORY, tools: [GET_COMMANDS] }));
    expect(events.map((e) => e.type)).toEqual(['tool-call', 'text-delta', 'usage', 'done']);
    expect(events[0]).toEqual({ type: 'tool-call', call: { id: 'toolu_1', name: 'get_commands', arguments: '{"command_ids": ["x:1"]}' } });
    expect(events[2]).toEqual({ type: 'usage', usage: { inputTokens: 530, outputTokens: 77 } });
  });

  it('lists models through the models API', async () => {
    raw.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: [{ type: 'model', id: 'claude-x', display_name: 'Claude X', created_at: '2025-01-01T00:00:00Z' }],
          has_more: false,
          first_id: 'claude-x',
          last_id: 'claude-x',
        }),
      );
    });
    const provider = createAnthropicProvider({ baseUrl: raw.url, apiKey: 'sk-ant-x-000000' });
    expect(await provider.listModels()).toEqual([{ id: 'claude-x', label: 'Claude X' }]);
    expect(raw.requests[0]!.path).toMatch(/^\/v1\/models/);
  });
});
