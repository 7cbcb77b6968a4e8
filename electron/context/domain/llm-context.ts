// SPDX-License-Identifier: MIT
import { z } from 'zod';

/** A tool call an assistant message made; `arguments` exactly as the model produced them. */
const ContextToolCall = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.string(),
});
type ContextToolCall = z.infer<typeof ContextToolCall>;

/**
 * One earlier message. Roles are `user` or `assistant`; anything else is treated as the assistant,
 * except `tool`, a tool result, which carries the id of the call it answers. An assistant message
 * may carry the tool calls it made; their results follow it directly.
 */
export const ContextEntry = z.object({
  role: z.string(),
  content: z.string(),
  toolCalls: z.array(ContextToolCall).optional(),
  toolCallId: z.string().optional(),
});
export type ContextEntry = z.infer<typeof ContextEntry>;

/** A tool the model may call, described by a JSON Schema for its arguments. */
export const ToolDefinition = z.object({
  name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
  description: z.string(),
  parameters: z.record(z.string(), z.unknown()),
});
export type ToolDefinition = z.infer<typeof ToolDefinition>;

/**
 * Everything one request carries. Older JSON without `tools` or `model` still parses:
 * the fields take their defaults, so stored contexts survive the schema growing.
 */
export const Context = z.object({
  systemPrompt: z.string(),
  /** Oldest first. */
  history: z.array(ContextEntry),
  currentMessage: z.string(),
  tools: z.array(ToolDefinition).default([]),
  /** Overrides the provider's default model for this request only. */
  model: z.string().optional(),
});
export type Context = z.infer<typeof Context>;

export const DEFAULT_SYSTEM_PROMPT =
  "You are the assistant built into Contexterm, a terminal on the user's own machine. Be helpful, concise and practical.";

/** A one-shot context: the default system prompt, no history. */
export const newContext = (message: string): Context => ({
  systemPrompt: DEFAULT_SYSTEM_PROMPT,
  history: [],
  currentMessage: message,
  tools: [],
});

export const isUserRole = (role: string): boolean => role === 'user';

const isToolResult = (entry: ContextEntry): boolean => entry.role === 'tool' && entry.toolCallId !== undefined;

/**
 * Flattens a context for providers that take one text prompt (CLI-style). Sections are separated by a
 * blank line; `[System]` is left out when empty; the current message is always the last `[User]` section.
 */
export const toPromptString = (context: Context): string => {
  const parts: string[] = [];
  if (context.systemPrompt !== '') parts.push(`[System]\n${context.systemPrompt}`);
  for (const entry of context.history) parts.push(`[${isUserRole(entry.role) ? 'User' : 'Assistant'}]\n${entry.content}`);
  parts.push(`[User]\n${context.currentMessage}`);
  return parts.join('\n\n');
};

/** `model` is omitted when unset, so the JSON stays minimal and round-trips. */
export const contextToJson = (context: Context): string => JSON.stringify(Context.parse(context));

export const contextFromJson = (json: string): Context => Context.parse(JSON.parse(json));

/**
 * The seed's invariants as checks a sender can run before calling a provider: a non-empty current
 * message and only `user`/`assistant` roles in the history. Returns the violations (empty when fine).
 */
export const contextProblems = (context: Context): string[] => {
  const problems: string[] = [];
  if (context.currentMessage.trim() === '') problems.push('the current message is empty');
  context.history.forEach((entry, i) => {
    if (entry.role !== 'user' && entry.role !== 'assistant' && !isToolResult(entry))
      problems.push(`history[${i}] has role "${entry.role}"`);
  });
  return problems;
};

/**
 * The shape every provider accepts and every model can follow: the history (after the system prompt)
 * starts with a user turn, and each assistant message's tool calls are answered, one result per call,
 * by the tool results directly after it, which answer nothing else. Returns the violations.
 */
export const turnProblems = (history: readonly ContextEntry[]): string[] => {
  const problems: string[] = [];
  const first = history[0];
  if (first && !isUserRole(first.role)) problems.push(`the history starts with a "${first.role}" message, not a question`);
  for (let i = 0; i < history.length; i++) {
    const entry = history[i]!;
    if (entry.role === 'tool') {
      problems.push(`history[${i}] is a tool result without its call`);
      continue;
    }
    const calls = entry.role === 'assistant' ? (entry.toolCalls ?? []) : [];
    if (calls.length === 0) continue;
    const open = new Set(calls.map((c) => c.id));
    let j = i + 1;
    for (; j < history.length && history[j]!.role === 'tool'; j++) {
      const id = history[j]!.toolCallId;
      if (id === undefined || !open.delete(id)) problems.push(`history[${j}] answers no open call of history[${i}]`);
    }
    for (const id of open) problems.push(`the call ${id} of history[${i}] has no result`);
    i = j - 1;
  }
  return problems;
};
