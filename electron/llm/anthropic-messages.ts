// SPDX-License-Identifier: MIT
import type { ContentBlockParam, MessageCreateParamsStreaming, MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import type { ChatMessage, ChatRequest, FinishReason, ToolDefinition } from './types';

/** Put first when the history starts with an assistant turn, which the Messages API refuses. */
export const CONTINUATION_MARKER = '(Earlier conversation omitted.)';

/** The API needs max_tokens on every request; this is a ceiling, not a target. */
const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

/** The model's arguments as an object; anything else (unparsable, an array) is sent as an empty input. */
const toolInput = (json: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const blocksOf = (message: Exclude<ChatMessage, { role: 'system' }>): ContentBlockParam[] => {
  const blocks: ContentBlockParam[] = [];
  if (message.role === 'tool') {
    return [
      {
        type: 'tool_result',
        tool_use_id: message.toolCallId,
        content: message.content,
        ...(message.isError ? { is_error: true } : {}),
      },
    ];
  }
  // The API rejects empty text blocks.
  if (message.content !== '') blocks.push({ type: 'text', text: message.content });
  if (message.role === 'assistant') {
    for (const call of message.toolCalls ?? []) {
      blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: toolInput(call.arguments) });
    }
  }
  return blocks;
};

/**
 * Messages API shape: system text goes to the top-level `system` field; tool results become
 * `tool_result` blocks in a user turn; turns of one role are merged, because the API wants user and
 * assistant to alternate and all results of one tool round in the single user turn that follows.
 */
export const toAnthropicMessages = (messages: readonly ChatMessage[]): { system?: string; messages: MessageParam[] } => {
  const system: string[] = [];
  const turns: Array<{ role: 'user' | 'assistant'; content: ContentBlockParam[] }> = [];
  for (const message of messages) {
    if (message.role === 'system') {
      if (message.content !== '') system.push(message.content);
      continue;
    }
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = blocksOf(message);
    if (blocks.length === 0) continue;
    if (turns.length === 0 && role === 'assistant') turns.push({ role: 'user', content: [{ type: 'text', text: CONTINUATION_MARKER }] });
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  }
  return {
    ...(system.length > 0 ? { system: system.join('\n\n') } : {}),
    messages: turns.map((turn) => ({ role: turn.role, content: turn.content })),
  };
};

const toAnthropicTools = (tools: readonly ToolDefinition[]): Tool[] =>
  tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { type: 'object', ...tool.parameters } as Tool['input_schema'],
  }));

/**
 * Unlike Chat Completions, the tools must stay defined while the history holds tool_use blocks,
 * so the final round keeps them and says `tool_choice: none`.
 */
export const toAnthropicRequest = (request: ChatRequest): MessageCreateParamsStreaming => {
  const { system, messages } = toAnthropicMessages(request.messages);
  const tools = request.tools ?? [];
  return {
    model: request.model,
    max_tokens: request.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    ...(system === undefined ? {} : { system }),
    messages,
    ...(tools.length > 0 ? { tools: toAnthropicTools(tools) } : {}),
    ...(tools.length > 0 && request.toolChoice === 'none' ? { tool_choice: { type: 'none' } } : {}),
    stream: true,
  };
};

export const anthropicFinishReason = (raw: string): FinishReason => {
  switch (raw) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'tool_use':
      return 'tool-calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'refusal':
      return 'content-filter';
    default:
      return 'other';
  }
};
