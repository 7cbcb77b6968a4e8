// SPDX-License-Identifier: MIT
import type { ModelContextConfig, RedactionSettings } from '../../shared/ipc/context';

export type MessageRole = 'user' | 'assistant' | 'tool';

export interface ToolCallRecord {
  readonly id: string;
  readonly name: string;
  /** JSON text, as providers stream it. */
  readonly arguments: string;
}

export interface NewMessage {
  readonly role: MessageRole;
  readonly content: string;
  readonly toolCalls?: readonly ToolCallRecord[];
  readonly toolCallId?: string | null;
  /** Tokens of `content` as counted for `tokenModel` when stored; recounted if the model changes. */
  readonly tokenCount: number;
  readonly tokenModel: string;
  readonly createdAt: number;
}

export interface StoredMessage extends NewMessage {
  readonly id: string;
  readonly conversationId: string;
  /**
   * Order within the conversation. A summary takes the seq of the last message it replaces, and sorts
   * after it: the two are never visible together (the originals are hidden while it exists).
   */
  readonly seq: number;
  /** The compaction that hid this message, or null when it is part of the live context. */
  readonly compactedBy: string | null;
  /** Set on a summary message: the compaction it summarises. */
  readonly summaryOf: string | null;
}

export interface Conversation {
  readonly id: string;
  readonly title: string;
  readonly model: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export type CompactionKind = 'summarize' | 'truncate-oldest' | 'clear';

export interface CompactionRecord {
  readonly id: string;
  readonly conversationId: string;
  readonly mode: CompactionKind;
  readonly summary: string | null;
  readonly model: string | null;
  /** Why Summarize fell back to truncation, when it did. */
  readonly fallbackReason: string | null;
  readonly messageIds: readonly string[];
  readonly createdAt: number;
  readonly undoneAt: number | null;
}

export interface CompactionOp {
  readonly record: Omit<CompactionRecord, 'undoneAt'>;
  readonly summaryMessage: NewMessage | null;
}

/**
 * Conversations and their messages. Compaction never deletes: `applyCompaction` hides messages and
 * adds a summary in one transaction, and `undoLatestCompaction` reverses the newest one. The SQLite
 * implementation must pass `describeConversationRepository` (repository-contract.ts).
 */
export interface ConversationRepository {
  createConversation(input: { id?: string; model: string; title?: string; createdAt: number }): Promise<Conversation>;
  getConversation(id: string): Promise<Conversation | null>;
  setConversationModel(id: string, model: string, at: number): Promise<void>;
  appendMessage(conversationId: string, message: NewMessage): Promise<StoredMessage>;
  /** In order; hidden (compacted) messages only when asked for. */
  listMessages(conversationId: string, options?: { includeCompacted?: boolean }): Promise<StoredMessage[]>;
  /** Returns the stored summary message, if the op had one. */
  applyCompaction(op: CompactionOp): Promise<StoredMessage | null>;
  /** Restores the newest not-yet-undone compaction; null when there is none. */
  undoLatestCompaction(conversationId: string, at: number): Promise<CompactionRecord | null>;
  listCompactions(conversationId: string): Promise<CompactionRecord[]>;
  /** Summaries still in effect across conversations, newest first (the long track's knowledge). */
  recentSummaries(limit: number): Promise<CompactionRecord[]>;
}

/** User-set per-model configurations; shipped defaults live in code (model-limits.ts). */
export interface ModelConfigRepository {
  get(model: string): Promise<ModelContextConfig | null>;
  put(config: ModelContextConfig): Promise<void>;
  delete(model: string): Promise<void>;
  list(): Promise<ModelContextConfig[]>;
}

export interface RedactionSettingsRepository {
  load(): Promise<RedactionSettings | null>;
  save(settings: RedactionSettings): Promise<void>;
}
