// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../tests/fixtures/scripted-llm-server';
import { LlmError } from './errors';
import { createProvider } from './provider-factory';
import { FakeProvider } from './testing/collect';
import { runAssistantTurn, type AssistantEvent, type AssistantTool } from './tool-loop';
import type { ChatMessage, ChatStreamEvent } from './types';

const OUTPUTS: Record<string, string> = { 's:1': '$ make\nerror: stdio.h: No such file', 's:2': '$ ls\nMakefile main.c' };

const getCommands = (calls: unknown[] = []): AssistantTool => ({
  name: 'get_commands',
  description: 'Full output of recorded commands by id',
  parameters: { type: 'object', properties: { command_ids: { type: 'array', items: { type: 'string' } } }, required: ['command_ids'] },
  async execute(args) {
    calls.push(args);
    const ids = args.command_ids;
    if (!Array.isArray(ids)) throw new Error('command_ids must be an array');
    return ids.map((id) => OUTPUTS[String(id)] ?? `unknown id ${String(id)}`).join('\n\n');
  },
});

const QUESTION: ChatMessage[] = [
  { role: 'system', content: 'Terminal assistant.' },
  { role: 'user', content: 'Why did the build fail?' },
];

const text = (t: string): ChatStreamEvent => ({ type: 'text-delta', text: t });
const call = (id: string, args: string, name = 'get_commands'): ChatStreamEvent => ({
  type: 'tool-call',
  call: { id, name, arguments: args },
});
const usage = (inputTokens: number, outputTokens: number): ChatStreamEvent => ({ type: 'usage', usage: { inputTokens, outputTokens } });
const done = (finishReason: 'stop' | 'tool-calls' = 'stop'): ChatStreamEvent => ({
  type: 'done',
  finishReason,
  rawFinishReason: finishReason,
});

describe('runAssistantTurn', () => {
  it('runs requested tools, sends results back as tool messages, and answers; usage per round and in total', async () => {
    const provider = new FakeProvider([
      [
        text('Let me check.'),
        call('c1', '{"command_ids":["s:1"]}'),
        call('c2', '{"command_ids":["s:2"]}'),
        usage(100, 20),
        done('tool-calls'),
      ],
      [text('stdio.h is '), text('missing.'), usage(180, 9), done()],
    ]);
    const events: AssistantEvent[] = [];
    const result = await runAssistantTurn({
      provider,
      model: 'm',
      messages: QUESTION,
      tools: [getCommands()],
      onEvent: (e) => events.push(e),
    });

    expect(result).toMatchObject({ ok: true, text: 'stdio.h is missing.', rounds: 2, hitRoundLimit: false, finishReason: 'stop' });
    expect(result.usage).toEqual({
      rounds: [
        { inputTokens: 100, outputTokens: 20 },
        { inputTokens: 180, outputTokens: 9 },
      ],
      total: { inputTokens: 280, outputTokens: 29 },
    });
    expect(result.messages).toEqual([
      {
        role: 'assistant',
        content: 'Let me check.',
        toolCalls: [
          { id: 'c1', name: 'get_commands', arguments: '{"command_ids":["s:1"]}' },
          { id: 'c2', name: 'get_commands', arguments: '{"command_ids":["s:2"]}' },
        ],
      },
      { role: 'tool', toolCallId: 'c1', content: OUTPUTS['s:1'] },
      { role: 'tool', toolCallId: 'c2', content: OUTPUTS['s:2'] },
      { role: 'assistant', content: 'stdio.h is missing.' },
    ]);
    expect(provider.requests[1]!.messages).toEqual([...QUESTION, ...result.messages.slice(0, 3)]);
    expect(provider.requests.map((r) => r.toolChoice)).toEqual(['auto', 'auto']);
    expect(events.map((e) => `${e.type}@${e.round}`)).toEqual([
      'text-delta@1',
      'round-done@1',
      'tool-call@1',
      'tool-result@1',
      'tool-call@1',
      'tool-result@1',
      'text-delta@2',
      'text-delta@2',
      'round-done@2',
    ]);
    expect(events.find((e) => e.type === 'tool-result')).toMatchObject({ isError: false, summary: expect.stringContaining('$ make') });
  });

  it('stops at the round limit and asks once more for an answer without tools', async () => {
    const again = (n: number): ChatStreamEvent[] => [call(`c${n}`, '{"command_ids":["s:1"]}'), done('tool-calls')];
    const provider = new FakeProvider([again(1), again(2), [text('Best guess: a missing header.'), call('ignored', '{}'), done()]]);
    const executed: unknown[] = [];
    const result = await runAssistantTurn({ provider, model: 'm', messages: QUESTION, tools: [getCommands(executed)], maxRounds: 2 });
    expect(result).toMatchObject({ ok: true, hitRoundLimit: true, rounds: 3, text: 'Best guess: a missing header.' });
    expect(executed).toHaveLength(2);
    expect(provider.requests.map((r) => r.toolChoice)).toEqual(['auto', 'auto', 'none']);
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: 'Best guess: a missing header.' });
    expect(result.usage).toEqual({ rounds: [null, null, null], total: null });
  });

  it('answers bad arguments, unknown tools and failing tools with error results the model can read', async () => {
    const failing: AssistantTool = { ...getCommands(), name: 'explode', execute: () => Promise.reject(new Error('disk on fire')) };
    const provider = new FakeProvider([
      [call('a', '{"command_ids": ["s:1"'), call('b', '[1,2]'), call('c', '{}', 'rm_rf'), call('d', '{}', 'explode'), done('tool-calls')],
      [text('Sorry.'), done()],
    ]);
    const result = await runAssistantTurn({ provider, model: 'm', messages: QUESTION, tools: [getCommands(), failing] });
    expect(result.ok).toBe(true);
    const results = result.messages.filter((m) => m.role === 'tool');
    expect(results.map((m) => m.role === 'tool' && m.isError)).toEqual([true, true, true, true]);
    expect(results.map((m) => m.content)).toEqual([
      expect.stringMatching(/^Error: the arguments are not valid JSON/),
      'Error: the arguments must be a JSON object matching the schema.',
      'Error: there is no tool named "rm_rf".',
      'Error: explode failed: disk on fire',
    ]);
  });

  it('keeps the text and the finished rounds when a later round fails', async () => {
    const cut = new LlmError('bad-response', 'cut');
    cut.partialText = 'The build fa';
    const provider = new FakeProvider([[call('c1', '{"command_ids":["s:1"]}'), usage(50, 5), done('tool-calls')], cut]);
    const result = await runAssistantTurn({ provider, model: 'm', messages: QUESTION, tools: [getCommands()] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('bad-response');
    expect(result.partialText).toBe('The build fa');
    expect(result.messages.map((m) => m.role)).toEqual(['assistant', 'tool']);
    expect(result.usage.total).toEqual({ inputTokens: 50, outputTokens: 5 });
  });

  it('on cancel during a tool, still answers every call so the history stays valid', async () => {
    const controller = new AbortController();
    const slow: AssistantTool = {
      ...getCommands(),
      execute: (_args, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted')));
          controller.abort();
        }),
    };
    const provider = new FakeProvider([[call('c1', '{"command_ids":[]}'), call('c2', '{"command_ids":[]}'), done('tool-calls')]]);
    const result = await runAssistantTurn({ provider, model: 'm', messages: QUESTION, tools: [slow], signal: controller.signal });
    expect(result).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(result.messages.filter((m) => m.role === 'tool').map((m) => m.role === 'tool' && m.toolCallId)).toEqual(['c1', 'c2']);
    expect(provider.requests).toHaveLength(1);
  });
});

describe.each(['openai-compatible', 'anthropic'] as const)('tool round trip through the %s wire format', (kind) => {
  let server: ScriptedLlmServer;
  beforeEach(async () => {
    server = await startScriptedLlmServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it("sends the tool result back in the protocol's shape and streams the final answer", async () => {
    server.enqueue(
      {
        kind: 'tool-calls',
        calls: [{ id: 'call_1', name: 'get_commands', arguments: { command_ids: ['s:1'] } }],
        usage: { promptTokens: 70, completionTokens: 8 },
      },
      { kind: 'text', text: 'Install the libc headers.', usage: { promptTokens: 120, completionTokens: 6 } },
    );
    const provider = createProvider({
      kind,
      baseUrl: kind === 'anthropic' ? server.url : server.openaiBaseUrl,
      apiKey: 'sk-round-trip-000',
    });
    const result = await runAssistantTurn({ provider, model: 'm', messages: QUESTION, tools: [getCommands()] });
    expect(result).toMatchObject({ ok: true, text: 'Install the libc headers.', usage: { total: { inputTokens: 190, outputTokens: 14 } } });
    const second = JSON.stringify(server.requests[1]!.body);
    expect(second).toContain(JSON.stringify(OUTPUTS['s:1']));
    expect(second).toContain(kind === 'anthropic' ? '"tool_use_id":"call_1"' : '"tool_call_id":"call_1"');
  });
});
