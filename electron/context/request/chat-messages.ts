// SPDX-License-Identifier: MIT
import type { ChatMessage } from '../../llm/types';
import { isToolResult, isUserRole, type Context } from '../domain/llm-context';

export interface OpenAIChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface OpenAIChatRequest {
  readonly model?: string;
  readonly messages: OpenAIChatMessage[];
  readonly tools?: Array<{
    readonly type: 'function';
    readonly function: { readonly name: string; readonly description: string; readonly parameters: Record<string, unknown> };
  }>;
}

/** Chat Completions shape: the system prompt as the first message, then history, then the question. */
export const toOpenAIChat = (context: Context): OpenAIChatRequest => {
  const messages: OpenAIChatMessage[] = [];
  if (context.systemPrompt !== '') messages.push({ role: 'system', content: context.systemPrompt });
  for (const entry of context.history) messages.push({ role: isUserRole(entry.role) ? 'user' : 'assistant', content: entry.content });
  messages.push({ role: 'user', content: context.currentMessage });
  return {
    ...(context.model !== undefined ? { model: context.model } : {}),
    messages,
    ...(context.tools.length > 0
      ? {
          tools: context.tools.map((tool) => ({
            type: 'function' as const,
            function: { name: tool.name, description: tool.description, parameters: tool.parameters },
          })),
        }
      : {}),
  };
};

export interface AnthropicMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

export interface AnthropicRequest {
  readonly model?: string;
  readonly system?: string;
  readonly messages: AnthropicMessage[];
  readonly tools?: Array<{ readonly name: string; readonly description: string; readonly input_schema: Record<string, unknown> }>;
}

/** Placed first when trimming left the history starting with an assistant turn. */
export const CONTINUATION_MARKER = '(Earlier conversation omitted.)';

/**
 * Messages API shape: the system prompt is a top-level field, and the conversation must start with a
 * user turn. Consecutive turns of one role (a compaction summary followed by a question) are merged
 * so the alternation the API expects always holds.
 */
export const toAnthropicRequest = (context: Context): AnthropicRequest => {
  const turns: AnthropicMessage[] = [];
  const push = (role: AnthropicMessage['role'], content: string) => {
    const last = turns[turns.length - 1];
    if (last && last.role === role) turns[turns.length - 1] = { role, content: `${last.content}\n\n${content}` };
    else turns.push({ role, content });
  };
  for (const entry of context.history) {
    const role = isUserRole(entry.role) ? 'user' : 'assistant';
    if (turns.length === 0 && role === 'assistant') push('user', CONTINUATION_MARKER);
    push(role, entry.content);
  }
  push('user', context.currentMessage);
  return {
    ...(context.model !== undefined ? { model: context.model } : {}),
    ...(context.systemPrompt !== '' ? { system: context.systemPrompt } : {}),
    messages: turns,
    ...(context.tools.length > 0
      ? { tools: context.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters })) }
      : {}),
  };
};

/**
 * The provider-neutral messages (electron/llm) for a context, tool calls and results included: what
 * toOpenAIMessages and toAnthropicMessages turn into each API's wire format.
 */
export const toChatMessages = (context: Context): ChatMessage[] => [
  ...(context.systemPrompt !== '' ? [{ role: 'system' as const, content: context.systemPrompt }] : []),
  ...context.history.map((entry): ChatMessage => {
    if (isUserRole(entry.role)) return { role: 'user', content: entry.content };
    if (isToolResult(entry)) return { role: 'tool', content: entry.content, toolCallId: entry.toolCallId! };
    return { role: 'assistant', content: entry.content, ...(entry.toolCalls?.length ? { toolCalls: entry.toolCalls } : {}) };
  }),
  { role: 'user', content: context.currentMessage },
];
