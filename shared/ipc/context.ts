// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { CompactionMode, ModelContextConfig, ModelName } from '../domain/model-config';
import { event, invoke } from './define';

export { ModelContextConfig };

const ConversationId = z.string().min(1).max(128);
const CommandIdString = z.string().min(1).max(200);

/** What the settings UI sends: anything left out keeps the current (or default) value. */
export const ModelContextConfigInput = z
  .object({
    model: ModelName,
    contextLimit: z.number().int().min(0).max(100_000_000).optional(),
    compactionMode: CompactionMode.optional(),
    warningThreshold: z.number().min(0.05).max(1).optional(),
    reservedOutputTokens: z.number().int().min(0).max(10_000_000).optional(),
  })
  .strict();
export type ModelContextConfigInput = z.infer<typeof ModelContextConfigInput>;

/** A config as the UI shows it: where it came from and the limit the engine actually assembles to. */
export const ModelContextConfigView = ModelContextConfig.extend({
  source: z.enum(['user', 'default', 'none']),
  /** contextLimit × 0.8 safety margin; null when no limit is known. */
  effectiveLimit: z.number().int().nullable(),
});
export type ModelContextConfigView = z.infer<typeof ModelContextConfigView>;

export const ContextUsage = z.object({
  messageCount: z.number().int().min(0),
  estimatedTokens: z.number().int().min(0),
  contextLimit: z.number().int().nullable(),
  /** estimatedTokens / contextLimit × 100; null when no limit is known. */
  usagePercent: z.number().nullable(),
});
export type ContextUsage = z.infer<typeof ContextUsage>;

export const CompactResult = z.object({
  usage: ContextUsage,
  mode: z.enum(['summarize', 'truncate-oldest', 'none']),
  compactionId: z.string().nullable(),
  compactedMessages: z.number().int().min(0),
  /** Set when Summarize failed and the engine truncated instead. */
  fallback: z.object({ reason: z.string() }).nullable(),
  note: z.string(),
  /** The summary that now starts the context (Summarize only; null otherwise), as the model wrote it. */
  summary: z.string().nullable(),
});
export type CompactResult = z.infer<typeof CompactResult>;

export const UndoResult = z.object({
  usage: ContextUsage,
  undone: z.boolean(),
  compactionId: z.string().nullable(),
  restoredMessages: z.number().int().min(0),
});
export type UndoResult = z.infer<typeof UndoResult>;

export const SignalExplanation = z.object({
  signal: z.string(),
  weight: z.number(),
  score: z.number().min(0).max(1),
  detail: z.string(),
});
export type SignalExplanation = z.infer<typeof SignalExplanation>;

export const CatalogEntryView = z.object({
  commandId: z.string(),
  sessionId: z.string(),
  commandLine: z.string().nullable(),
  cwd: z.string().nullable(),
  startedAt: z.number(),
  exitCode: z.number().int().nullable(),
  score: z.number().min(0).max(1),
  signals: z.array(SignalExplanation),
  /** False when the entry scored above the threshold but the budget had no room for it. */
  included: z.boolean(),
});
export type CatalogEntryView = z.infer<typeof CatalogEntryView>;

export const SectionId = z.enum([
  'system',
  'tools',
  'question',
  'pinned',
  'short-track',
  'project-instructions',
  'recent-commands',
  'catalog',
  'history',
]);
export type SectionId = z.infer<typeof SectionId>;

export const RedactionCounts = z.record(z.string(), z.number().int().min(0));
export type RedactionCounts = z.infer<typeof RedactionCounts>;

export const PreviewSection = z.object({
  id: SectionId,
  title: z.string(),
  tokens: z.number().int().min(0),
  items: z.number().int().min(0),
  /** Exactly what is sent for this section (after redaction and trimming). */
  text: z.string(),
  trimmed: z.object({
    items: z.number().int().min(0),
    tokens: z.number().int().min(0),
    truncated: z.number().int().min(0),
    notes: z.array(z.string()),
  }),
  redactions: RedactionCounts,
  /** Where the section was read from, when it is a file (the repository's AGENTS.md). */
  source: z.string().optional(),
});
export type PreviewSection = z.infer<typeof PreviewSection>;

export const ContextPreview = z.object({
  model: z.string(),
  /** `o200k_base` / `cl100k_base` when counted exactly, `estimate` otherwise. */
  tokenizer: z.string(),
  exactTokens: z.boolean(),
  budget: z.object({
    contextLimit: z.number().int().nullable(),
    effectiveLimit: z.number().int(),
    reservedOutputTokens: z.number().int(),
    available: z.number().int(),
    used: z.number().int(),
  }),
  sections: z.array(PreviewSection),
  catalog: z.array(CatalogEntryView),
  redactions: RedactionCounts,
  trimmed: z.array(z.string()),
  usage: ContextUsage.nullable(),
  /**
   * For estimated counts: the factor estimates are multiplied by, learned from the provider's
   * reported prompt tokens (kept across restarts), and how many reports taught it.
   */
  calibration: z
    .object({ factor: z.number(), samples: z.number().int().min(0) })
    .nullable()
    .optional(),
  /** The whole request as one text (a plain prompt string), for "copy as prompt" into any chat tool. */
  prompt: z.string(),
  /** The request's messages exactly as built, before the provider's wire format. */
  messages: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })),
});
export type ContextPreview = z.infer<typeof ContextPreview>;

export const PreviewRequest = z
  .object({
    question: z
      .string()
      .min(1)
      .max(1_000_000)
      .refine((q) => q.trim() !== '', 'the question is empty'),
    model: ModelName,
    sessionId: z.string().min(1).max(128).nullable().optional(),
    conversationId: ConversationId.nullable().optional(),
    pinnedCommandIds: z.array(CommandIdString).max(50).default([]),
  })
  .strict();
export type PreviewRequest = z.infer<typeof PreviewRequest>;

export const FetchedCommand = z.object({
  commandId: z.string(),
  sessionId: z.string(),
  commandLine: z.string().nullable(),
  cwd: z.string().nullable(),
  /** Where it ran, for a command run over ssh (`alice@box over ssh`); absent for local ones. */
  host: z.string().optional(),
  exitCode: z.number().int().nullable(),
  startedAt: z.number(),
  endedAt: z.number().nullable(),
  output: z.string(),
  omittedLines: z.number().int().min(0),
  omittedChars: z.number().int().min(0),
  /** Lines of the whole recorded output (from the record, not the stored excerpt); absent while unknown. */
  totalLines: z.number().int().min(0).optional(),
  /** False when the output was too large to count every line: `totalLines` is then a lower bound. */
  totalLinesExact: z.boolean().optional(),
  /** Bytes of the recorded output stream. */
  totalBytes: z.number().int().min(0).optional(),
});
export type FetchedCommand = z.infer<typeof FetchedCommand>;

export const GetCommandsResult = z.object({
  commands: z.array(FetchedCommand),
  unknownIds: z.array(z.string()),
  redactions: RedactionCounts,
});
export type GetCommandsResult = z.infer<typeof GetCommandsResult>;

/** Redaction is a setting, defined with the others (shared/settings/assistant-entries.ts). */
export { RedactionPattern } from '../settings/assistant-entries';
export { RedactionSettings } from '../settings/registry';

export const ContextWarning = z.object({
  conversationId: z.string(),
  model: z.string(),
  threshold: z.number(),
  usage: ContextUsage,
});
export type ContextWarning = z.infer<typeof ContextWarning>;

const byConversation = z.object({ conversationId: ConversationId }).strict();
const byModel = z.object({ model: ModelName }).strict();

export const contextChannels = {
  /** Builds the request for a question without sending it: every section, its tokens, trims and redactions. */
  'context:preview': invoke(PreviewRequest, ContextPreview),
  'context:usage': invoke(byConversation, ContextUsage),
  /** The `get_commands` tool as the UI sees it (pinned-command views, "what would the model get"). */
  'context:get-commands': invoke(z.object({ commandIds: z.array(CommandIdString).min(1).max(50) }).strict(), GetCommandsResult),
  /**
   * A model's limits as the engine applies them (shipped default or the user's entry). They are
   * written with `settings:set` (`models`), the one place settings are saved.
   */
  'context:get-model-config': invoke(byModel, ModelContextConfigView),
  'context:compact': invoke(byConversation, CompactResult),
  /** Reverts the latest compaction or clear of the conversation; originals were never deleted. */
  'context:undo-compaction': invoke(byConversation, UndoResult),
  'context:clear': invoke(byConversation, ContextUsage),
  'context:warning': event(ContextWarning),
  /** A question compacted its conversation first (auto-compaction): the pane shows it, undoable. */
  'context:auto-compacted': event(z.object({ conversationId: z.string(), result: CompactResult })),
} as const;
