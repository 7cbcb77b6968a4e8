// SPDX-License-Identifier: MIT
import type { ModelContextConfig, RedactionSettings } from '../../../shared/ipc/context';
import type { MaybePromise } from '../domain/ports';
import type {
  CompactionOp,
  CompactionRecord,
  Conversation,
  NewMessage,
  RawMeta,
  StoredMessage,
  StoredMessageWithMeta,
} from '../../store/conversations/conversation-records';

export type {
  CompactionOp,
  Conversation,
  RawMeta,
  StoredMessage,
  StoredMessageWithMeta,
  ToolCallRecord,
} from '../../store/conversations/conversation-records';

/** A conversation in the pane's list: live (not compacted) user and assistant messages counted. */
export type ConversationListing = Conversation & { readonly messageCount: number };

export interface ConversationSearchHit {
  readonly conversationId: string;
  readonly messageId: string | null;
  readonly snippet: string;
}

/**
 * Conversations and their messages. Compaction never deletes: `applyCompaction` hides messages and
 * adds a summary in one transaction, and `undoLatestCompaction` reverses the newest one. The SQLite
 * implementation must pass `describeConversationRepository` (context/testing/repository-contract.ts).
 */
export interface ConversationRepository {
  createConversation(input: { id?: string; model: string; title?: string; createdAt: number }): Promise<Conversation>;
  getConversation(id: string): Promise<Conversation | null>;
  setConversationModel(id: string, model: string, at: number): Promise<void>;
  /** `meta` is the pane's data about the message (attachments, tool calls, usage); the engine ignores it. */
  appendMessage(conversationId: string, message: NewMessage, meta?: RawMeta): Promise<StoredMessageWithMeta>;
  /** In order; hidden (compacted) messages only when asked for. */
  listMessages(conversationId: string, options?: { includeCompacted?: boolean }): Promise<StoredMessageWithMeta[]>;
  /** Returns the stored summary message, if the op had one. */
  applyCompaction(op: CompactionOp): Promise<StoredMessage | null>;
  /** Restores the newest not-yet-undone compaction; null when there is none. */
  undoLatestCompaction(conversationId: string, at: number): Promise<CompactionRecord | null>;
  listCompactions(conversationId: string): Promise<CompactionRecord[]>;
  /** Summaries still in effect across conversations, newest first (the long track's knowledge). */
  recentSummaries(limit: number): Promise<CompactionRecord[]>;

  // The pane's operations. SQLite answers them synchronously, hence MaybePromise.
  /** Replaces a message's pane metadata (a failed answer's error, say). */
  setMessageMeta(messageId: string, meta: RawMeta): MaybePromise<void>;
  /** Removes a live question whose answer failed, so a retry can ask it again in its place. */
  deleteMessage(messageId: string): MaybePromise<void>;
  /** Newest first. */
  listConversations(limit: number): MaybePromise<ConversationListing[]>;
  summary(id: string): MaybePromise<ConversationListing | null>;
  rename(id: string, title: string, at: number): MaybePromise<void>;
  /** False when there was no such conversation. */
  delete(id: string): MaybePromise<boolean>;
  /** Conversations whose title or messages contain `query` (case-insensitive), one hit each. */
  search(query: string, limit: number): MaybePromise<ConversationSearchHit[]>;
}

/** User-set per-model configurations; shipped defaults live in code (shared/domain/model-limits.ts). */
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
