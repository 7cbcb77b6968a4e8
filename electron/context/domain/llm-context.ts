// SPDX-License-Identifier: MIT
import { z } from 'zod';

/** One earlier turn. Roles are `user` or `assistant`; anything else is treated as the assistant. */
export const ContextEntry = z.object({
  role: z.string(),
  content: z.string(),
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
 * Everything one request carries (seed 001). Older JSON without `tools` or `model` still parses:
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
    if (entry.role !== 'user' && entry.role !== 'assistant') problems.push(`history[${i}] has role "${entry.role}"`);
  });
  return problems;
};
