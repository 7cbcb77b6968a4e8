// SPDX-License-Identifier: MIT
import type { CompactionRecord, Conversation, RawMeta, StoredMessage, StoredMessageWithMeta } from './conversation-records';

/*
 * The conversation tables' rows as SQLite returns them (snake_case, JSON in text columns) and their
 * mapping to the records the repository hands out. Kept apart from the repository's SQL so the
 * shape of a row is read in one place (the tables are defined in migrations/0004-conversations.ts).
 */

export interface MessageRow {
  id: string;
  conversation_id: string;
  seq: number;
  role: StoredMessage['role'];
  content: string;
  tool_calls: string | null;
  tool_call_id: string | null;
  token_count: number;
  token_model: string;
  compacted_by: string | null;
  summary_of: string | null;
  created_at: number;
  meta: string | null;
}

export interface SummaryRow {
  id: string;
  conversation_id: string;
  mode: CompactionRecord['mode'];
  content: string | null;
  model: string | null;
  fallback_reason: string | null;
  message_ids: string;
  created_at: number;
  undone_at: number | null;
}

export interface ConversationRow {
  id: string;
  title: string;
  model: string;
  created_at: number;
  updated_at: number;
}

export const toConversation = (row: ConversationRow): Conversation => ({
  id: row.id,
  title: row.title,
  model: row.model,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toMessage = (row: MessageRow): StoredMessageWithMeta => ({
  id: row.id,
  conversationId: row.conversation_id,
  seq: row.seq,
  role: row.role,
  content: row.content,
  ...(row.tool_calls ? { toolCalls: JSON.parse(row.tool_calls) as StoredMessage['toolCalls'] } : {}),
  toolCallId: row.tool_call_id,
  tokenCount: row.token_count,
  tokenModel: row.token_model,
  createdAt: row.created_at,
  compactedBy: row.compacted_by,
  summaryOf: row.summary_of,
  meta: row.meta ? (JSON.parse(row.meta) as RawMeta) : null,
});

export const toCompaction = (row: SummaryRow): CompactionRecord => ({
  id: row.id,
  conversationId: row.conversation_id,
  mode: row.mode,
  summary: row.content,
  model: row.model,
  fallbackReason: row.fallback_reason,
  messageIds: JSON.parse(row.message_ids) as string[],
  createdAt: row.created_at,
  undoneAt: row.undone_at,
});
