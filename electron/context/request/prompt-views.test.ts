// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { CONTINUATION_MARKER, toAnthropicRequest } from '../../llm/anthropic-messages';
import { toOpenAIRequest } from '../../llm/openai-messages';
import type { ChatRequest } from '../../llm/types';
import type { Context, ToolDefinition } from '../domain/llm-context';
import { promptViews } from './request-render';

/**
 * The one path from a context to a provider: promptViews gives the messages the inspector shows, and
 * electron/assistant/assistant-service.ts hands exactly those (with the context's tools) to the
 * provider, whose adapter (electron/llm/*-messages.ts) turns them into its wire format.
 */
const firstRound = (context: Context, model = 'm'): ChatRequest => ({
  model,
  messages: promptViews(context).messages,
  tools: context.tools,
});

const tool: ToolDefinition = {
  name: 'get_commands',
  description: 'Fetch commands',
  parameters: { type: 'object', properties: { command_ids: { type: 'array', items: { type: 'string' } } } },
};

const ctx: Context = {
  systemPrompt: 'sys',
  history: [
    { role: 'user', content: 'q1' },
    { role: 'assistant', content: 'a1' },
  ],
  currentMessage: 'q2',
  tools: [tool],
};

const text = (t: string) => ({ type: 'text', text: t });

describe('from a context to the chat APIs', () => {
  it('previews the system prompt first, the history in order and the question last', () => {
    expect(promptViews(ctx).messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'a1' },
      { role: 'user', content: 'q2' },
    ]);
    expect(promptViews({ ...ctx, systemPrompt: '' }).messages[0]).toEqual({ role: 'user', content: 'q1' });
  });

  it('leaves the tool plumbing of earlier turns out, so a turn still reads question, answer', () => {
    const views = promptViews({
      ...ctx,
      history: [
        { role: 'user', content: 'q1' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'get_commands', arguments: '{}' }] },
        { role: 'tool', content: '{"commands":[]}', toolCallId: 'c1' },
        { role: 'assistant', content: 'a1' },
      ],
    });
    expect(views.messages.map((m) => m.content)).toEqual(['sys', 'q1', 'a1', 'q2']);
  });

  it('OpenAI: system message first, history in order, question last, tools as functions', () => {
    const request = toOpenAIRequest(firstRound(ctx), 'openai');
    expect(request.model).toBe('m');
    expect(request.messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'a1' },
      { role: 'user', content: 'q2' },
    ]);
    expect(request.tools).toEqual([
      { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } },
    ]);
    expect(toOpenAIRequest(firstRound({ ...ctx, tools: [] }), 'openai')).not.toHaveProperty('tools');
  });

  it('Anthropic: system as a field, tools with input_schema, strict alternation starting with user', () => {
    const request = toAnthropicRequest(firstRound(ctx));
    expect(request.system).toBe('sys');
    expect(request.messages).toEqual([
      { role: 'user', content: [text('q1')] },
      { role: 'assistant', content: [text('a1')] },
      { role: 'user', content: [text('q2')] },
    ]);
    expect(request.tools).toEqual([{ name: tool.name, description: tool.description, input_schema: tool.parameters }]);
  });

  it('Anthropic: merges same-role neighbours and never starts with the assistant', () => {
    const request = toAnthropicRequest(
      firstRound({
        systemPrompt: '',
        history: [
          { role: 'assistant', content: 'a0' },
          { role: 'user', content: 'summary' },
          { role: 'user', content: 'q1' },
        ],
        currentMessage: 'q2',
        tools: [],
      }),
    );
    expect(request).not.toHaveProperty('system');
    expect(request.messages).toEqual([
      { role: 'user', content: [text(CONTINUATION_MARKER)] },
      { role: 'assistant', content: [text('a0')] },
      { role: 'user', content: [text('summary'), text('q1'), text('q2')] },
    ]);
  });
});
