// SPDX-License-Identifier: MIT
import { DomainError } from '../../../shared/ipc/define';

/*
 * The rows of a conversation as the store keeps them. They live here, not in the context engine,
 * so the store never imports the engine: the engine's ConversationRepository port
 * (context/conversation/repositories.ts) is written in these types and the store implements it.
 */

type MessageRole = 'user' | 'assistant' | 'tool';

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

type CompactionKind = 'summarize' | 'truncate-oldest' | 'clear';

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

/** What the pane shows beyond the engine's message: attachments, tool calls, usage, errors. */
export type RawMeta = Record<string, unknown>;

export interface StoredMessageWithMeta extends StoredMessage {
  readonly meta: RawMeta | null;
}

export class ConversationNotFoundError extends DomainError {
  override readonly name = 'ConversationNotFoundError';

  constructor(readonly conversationId: string) {
    super('not-found', `Conversation not found: ${conversationId}`);
  }
}
