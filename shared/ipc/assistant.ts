// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { ProviderId } from '../settings/assistant-schema';
import { ToolStepView } from './mcp';
import { AgentStepView } from './agent';
import { event, invoke } from './define';

/**
 * Why a model request failed, in terms the pane can act on: `retryable` drives the retry button,
 * `retryAfterMs` comes from the provider's Retry-After / retry-after-ms headers on a 429.
 * `invalid-request` covers the other 4xx answers (context too long, a bad parameter).
 */
export const LlmErrorKind = z.enum([
  'unreachable',
  'auth',
  'model-not-found',
  'rate-limited',
  'server',
  'timeout',
  'bad-response',
  'cancelled',
  'invalid-request',
]);
export type LlmErrorKind = z.infer<typeof LlmErrorKind>;

export const LlmErrorInfo = z.object({
  kind: LlmErrorKind,
  message: z.string(),
  retryable: z.boolean(),
  retryAfterMs: z.number().int().min(0).nullable(),
  status: z.number().int().nullable(),
});
export type LlmErrorInfo = z.infer<typeof LlmErrorInfo>;

/** As the provider reported it; never an estimate. */
export const TokenUsage = z.object({
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
});
export type TokenUsage = z.infer<typeof TokenUsage>;

/** Provider ids are a setting's: defined with the settings registry (shared/settings). */
export { ProviderId };
export const ModelRef = z.strictObject({ providerId: ProviderId, model: z.string().min(1).max(200) });
export type ModelRef = z.infer<typeof ModelRef>;

const ConversationId = z.string().min(1).max(128);
/** Made by the client (a UUID), so it can follow and stop its turn before `assistant:ask` answers. */
const TurnId = z.string().regex(/^[A-Za-z0-9-]{8,128}$/, 'letters, digits and dashes');
const CommandIdString = z.string().min(1).max(200);

export const ToolCallView = z.object({
  id: z.string(),
  name: z.string(),
  /** The arguments as the model sent them (JSON text), capped for display. */
  arguments: z.string(),
  status: z.enum(['running', 'done', 'error']),
  /** What the tool returned, in one line ("2 commands, 14 KB"); null while running. */
  summary: z.string().nullable(),
});
export type ToolCallView = z.infer<typeof ToolCallView>;

/** A record an answer cites (`[cmd:ID]`) that exists; a cited id not listed here was not found. */
export const Citation = z.object({ commandId: z.string(), commandLine: z.string().nullable() });
export type Citation = z.infer<typeof Citation>;

/** `forgotten`: the command was forgotten since; its line is gone from the conversation too (scrub-attachments.ts). */
export const MessageAttachment = z.object({
  commandId: z.string(),
  commandLine: z.string().nullable(),
  forgotten: z.literal(true).optional(),
});
export type MessageAttachment = z.infer<typeof MessageAttachment>;

export const ConversationMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  attachments: z.array(MessageAttachment),
  toolCalls: z.array(ToolCallView),
  /** Commands the assistant proposed in this answer, as they ended. */
  steps: z.array(AgentStepView),
  /** Calls to tools of the user's MCP servers in this answer, as they ended. */
  toolSteps: z.array(ToolStepView).optional(),
  /** The records the answer cites that were found when it was stored. */
  citations: z.array(Citation),
  usage: TokenUsage.nullable(),
  model: z.object({ providerId: z.string(), model: z.string() }).nullable(),
  createdAt: z.number(),
  /** Folded into a compaction summary; kept so undo can restore it. */
  compacted: z.boolean(),
  /** Set on an assistant message that stopped on an error; `content` holds what had streamed. */
  error: LlmErrorInfo.nullable(),
});
export type ConversationMessage = z.infer<typeof ConversationMessage>;

export const ConversationSummary = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number().int().min(0),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const TurnUsage = z.object({
  /** Sum over the rounds that reported usage; null when the provider reported none. */
  total: TokenUsage.nullable(),
  rounds: z.array(TokenUsage.nullable()),
});
export type TurnUsage = z.infer<typeof TurnUsage>;

const byConversation = z.strictObject({ conversationId: ConversationId });
const turnEvent = { turnId: z.string(), conversationId: z.string() };

export const assistantChannels = {
  /** Starts a turn and answers at once; the answer arrives as assistant:delta/tool/done/error events. */
  'assistant:ask': invoke(
    z.strictObject({
      conversationId: ConversationId,
      // Blank is refused here: a request needs a user turn with something in it to answer.
      question: z
        .string()
        .min(1)
        .max(100_000)
        .refine((q) => q.trim() !== '', 'the question is empty'),
      attachments: z.array(CommandIdString).max(50).default([]),
      model: ModelRef,
      /** The active terminal's session, for the recent-commands section. */
      sessionId: z.string().min(1).max(128).nullable().optional(),
      turnId: TurnId,
    }),
    z.object({ turnId: z.string(), userMessageId: z.string() }),
  ),
  /** Runs the conversation's last question again (after an error or a cancel) without repeating it. */
  'assistant:retry': invoke(
    z.strictObject({ conversationId: ConversationId, model: ModelRef.optional(), turnId: TurnId }),
    z.object({ turnId: z.string() }),
  ),
  'assistant:cancel': invoke(z.strictObject({ turnId: TurnId }), z.object({ cancelled: z.boolean() })),
  'assistant:delta': event(z.object({ ...turnEvent, round: z.number().int().min(1), text: z.string() })),
  'assistant:tool': event(z.object({ ...turnEvent, round: z.number().int().min(1), call: ToolCallView })),
  'assistant:done': event(z.object({ ...turnEvent, message: ConversationMessage, usage: TurnUsage, hitRoundLimit: z.boolean() })),
  'assistant:error': event(
    z.object({ ...turnEvent, error: LlmErrorInfo, partialText: z.string(), message: ConversationMessage.nullable() }),
  ),

  'conversations:list': invoke(z.strictObject({ limit: z.number().int().min(1).max(500).optional() }), z.array(ConversationSummary)),
  'conversations:create': invoke(z.strictObject({ title: z.string().min(1).max(200).optional() }), ConversationSummary),
  'conversations:rename': invoke(
    z.strictObject({ conversationId: ConversationId, title: z.string().min(1).max(200) }),
    ConversationSummary,
  ),
  'conversations:delete': invoke(byConversation, z.object({ deleted: z.boolean() })),
  'conversations:search': invoke(
    z.strictObject({ query: z.string().min(1).max(500), limit: z.number().int().min(1).max(200).optional() }),
    z.array(z.object({ conversation: ConversationSummary, messageId: z.string().nullable(), snippet: z.string() })),
  ),
  'conversations:get': invoke(byConversation, z.object({ conversation: ConversationSummary, messages: z.array(ConversationMessage) })),
} as const;
