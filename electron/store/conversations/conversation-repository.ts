// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import {
  ConversationNotFoundError,
  type CompactionOp,
  type CompactionRecord,
  type Conversation,
  type NewMessage,
  type RawMeta,
  type StoredMessage,
  type StoredMessageWithMeta,
} from './conversation-records';
import { toCompaction, toConversation, toMessage, type ConversationRow, type MessageRow, type SummaryRow } from './conversation-rows';

/**
 * Conversations in the store's database (the context engine's ConversationRepository port). It runs
 * in the store's writer worker, on its one write connection; main calls it through
 * `store.tables.conversations`. Writes are a handful per assistant turn and tiny; each is one short
 * transaction. Only the engine's ConversationService calls the writes.
 */
export class SqliteConversationRepository {
  constructor(private readonly _db: Database.Database) {}

  async createConversation(input: { id?: string; model: string; title?: string; createdAt: number }): Promise<Conversation> {
    const id = input.id ?? randomUUID();
    this._db
      .prepare('INSERT INTO conversations (id, title, model, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
      .run(id, input.title ?? '', input.model, input.createdAt, input.createdAt);
    return { id, title: input.title ?? '', model: input.model, createdAt: input.createdAt, updatedAt: input.createdAt };
  }

  async getConversation(id: string): Promise<Conversation | null> {
    const row = this._db.prepare('SELECT * FROM conversations WHERE id = ?').get(id) as ConversationRow | undefined;
    return row ? toConversation(row) : null;
  }

  async setConversationModel(id: string, model: string, at: number): Promise<void> {
    this._require(id);
    this._db.prepare('UPDATE conversations SET model = ?, updated_at = ? WHERE id = ?').run(model, at, id);
  }

  async appendMessage(conversationId: string, message: NewMessage, meta?: RawMeta): Promise<StoredMessageWithMeta> {
    return this._db.transaction(() => {
      this._require(conversationId);
      const { next } = this._db
        .prepare('SELECT coalesce(max(seq), 0) + 1 AS next FROM messages WHERE conversation_id = ?')
        .get(conversationId) as { next: number };
      const id = randomUUID();
      this._db
        .prepare(
          `INSERT INTO messages (id, conversation_id, seq, role, content, tool_calls, tool_call_id, token_count, token_model, created_at, meta)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          conversationId,
          next,
          message.role,
          message.content,
          message.toolCalls?.length ? JSON.stringify(message.toolCalls) : null,
          message.toolCallId ?? null,
          message.tokenCount,
          message.tokenModel,
          message.createdAt,
          meta ? JSON.stringify(meta) : null,
        );
      this._touch(conversationId, message.createdAt);
      return this._message(id);
    })();
  }

  /** Replaces a message's pane metadata (tool-call progress, usage, error) after the fact. */
  setMessageMeta(messageId: string, meta: RawMeta): void {
    this._db.prepare('UPDATE messages SET meta = ? WHERE id = ?').run(JSON.stringify(meta), messageId);
  }

  async listMessages(conversationId: string, options: { includeCompacted?: boolean } = {}): Promise<StoredMessageWithMeta[]> {
    this._require(conversationId);
    const rows = this._db
      .prepare(
        `SELECT * FROM messages WHERE conversation_id = ? ${options.includeCompacted ? '' : 'AND compacted = 0'}
         ORDER BY seq, summary_of IS NOT NULL`,
      )
      .all(conversationId) as MessageRow[];
    return rows.map(toMessage);
  }

  async applyCompaction(op: CompactionOp): Promise<StoredMessage | null> {
    const { record } = op;
    return this._db.transaction(() => {
      this._require(record.conversationId);
      const hide = this._db.prepare(
        'UPDATE messages SET compacted = 1, compacted_by = ? WHERE id = ? AND conversation_id = ? AND compacted = 0',
      );
      this._db
        .prepare(
          `INSERT INTO summaries (id, conversation_id, mode, content, model, fallback_reason, message_ids, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          record.id,
          record.conversationId,
          record.mode,
          record.summary,
          record.model,
          record.fallbackReason,
          JSON.stringify(record.messageIds),
          record.createdAt,
        );
      let lastSeq = 0;
      for (const id of record.messageIds) {
        if (hide.run(record.id, id, record.conversationId).changes !== 1) {
          throw new Error('compaction refers to messages that are missing or already hidden');
        }
        lastSeq = Math.max(lastSeq, (this._db.prepare('SELECT seq FROM messages WHERE id = ?').get(id) as { seq: number }).seq);
      }
      let summary: StoredMessage | null = null;
      if (op.summaryMessage) {
        const id = randomUUID();
        const m = op.summaryMessage;
        this._db
          .prepare(
            `INSERT INTO messages (id, conversation_id, seq, role, content, token_count, token_model, summary_of, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(id, record.conversationId, lastSeq, m.role, m.content, m.tokenCount, m.tokenModel, record.id, m.createdAt);
        summary = this._message(id);
      }
      this._touch(record.conversationId, record.createdAt);
      return summary;
    })();
  }

  async undoLatestCompaction(conversationId: string, at: number): Promise<CompactionRecord | null> {
    return this._db.transaction(() => {
      this._require(conversationId);
      const row = this._db
        .prepare('SELECT * FROM summaries WHERE conversation_id = ? AND undone_at IS NULL ORDER BY created_at DESC, rowid DESC LIMIT 1')
        .get(conversationId) as SummaryRow | undefined;
      if (!row) return null;
      this._db.prepare('DELETE FROM messages WHERE summary_of = ?').run(row.id);
      this._db.prepare('UPDATE messages SET compacted = 0, compacted_by = NULL WHERE compacted_by = ?').run(row.id);
      this._db.prepare('UPDATE summaries SET undone_at = ? WHERE id = ?').run(at, row.id);
      this._touch(conversationId, at);
      return toCompaction({ ...row, undone_at: at });
    })();
  }

  async listCompactions(conversationId: string): Promise<CompactionRecord[]> {
    const rows = this._db
      .prepare('SELECT * FROM summaries WHERE conversation_id = ? ORDER BY created_at, rowid')
      .all(conversationId) as SummaryRow[];
    return rows.map(toCompaction);
  }

  async recentSummaries(limit: number): Promise<CompactionRecord[]> {
    const rows = this._db
      .prepare(
        `SELECT * FROM summaries WHERE mode = 'summarize' AND undone_at IS NULL AND content IS NOT NULL
         ORDER BY created_at DESC LIMIT ?`,
      )
      .all(limit) as SummaryRow[];
    return rows.map(toCompaction);
  }

  /** Newest first, with message counts (live messages only). */
  listConversations(limit: number): Array<Conversation & { messageCount: number }> {
    const rows = this._db
      .prepare(
        `SELECT c.*, (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.compacted = 0 AND m.role != 'tool') AS message_count
         FROM conversations c ORDER BY c.updated_at DESC LIMIT ?`,
      )
      .all(limit) as Array<ConversationRow & { message_count: number }>;
    return rows.map((row) => ({ ...toConversation(row), messageCount: row.message_count }));
  }

  summary(id: string): (Conversation & { messageCount: number }) | null {
    const row = this._db
      .prepare(
        `SELECT c.*, (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.compacted = 0 AND m.role != 'tool') AS message_count
         FROM conversations c WHERE c.id = ?`,
      )
      .get(id) as (ConversationRow & { message_count: number }) | undefined;
    return row ? { ...toConversation(row), messageCount: row.message_count } : null;
  }

  rename(id: string, title: string, at: number): void {
    this._require(id);
    this._db.prepare('UPDATE conversations SET title = ?, updated_at = ? WHERE id = ?').run(title, at, id);
  }

  delete(id: string): boolean {
    return this._db.transaction(() => {
      const exists = this._db.prepare('SELECT 1 FROM conversations WHERE id = ?').get(id) !== undefined;
      if (!exists) return false;
      // Messages reference summaries (compacted_by) without a cascade: drop them first.
      this._db.prepare('DELETE FROM messages WHERE conversation_id = ?').run(id);
      this._db.prepare('DELETE FROM conversations WHERE id = ?').run(id);
      return true;
    })();
  }

  /** Conversations whose title or messages contain every word of `query` (case-insensitive). */
  search(query: string, limit: number): Array<{ conversationId: string; messageId: string | null; snippet: string }> {
    const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = this._db
      .prepare(
        `SELECT c.id AS conversation_id, NULL AS message_id, c.title AS text FROM conversations c WHERE c.title LIKE ? ESCAPE '\\'
         UNION ALL
         SELECT m.conversation_id, m.id, m.content FROM messages m
         WHERE m.role != 'tool' AND m.content LIKE ? ESCAPE '\\'
         LIMIT ?`,
      )
      .all(pattern, pattern, limit * 4) as Array<{ conversation_id: string; message_id: string | null; text: string }>;
    const seen = new Set<string>();
    const results: Array<{ conversationId: string; messageId: string | null; snippet: string }> = [];
    for (const row of rows) {
      if (seen.has(row.conversation_id)) continue;
      seen.add(row.conversation_id);
      const at = row.text.toLowerCase().indexOf(query.toLowerCase());
      results.push({
        conversationId: row.conversation_id,
        messageId: row.message_id,
        snippet: row.text.slice(Math.max(0, at - 40), at + query.length + 80),
      });
      if (results.length >= limit) break;
    }
    return results;
  }

  /** Removes a question whose answer failed, so a retry can ask it again in its place. */
  deleteMessage(messageId: string): void {
    this._db.prepare('DELETE FROM messages WHERE id = ? AND compacted = 0 AND summary_of IS NULL').run(messageId);
  }

  private _message(id: string): StoredMessageWithMeta {
    return toMessage(this._db.prepare('SELECT * FROM messages WHERE id = ?').get(id) as MessageRow);
  }

  private _require(id: string): void {
    if (this._db.prepare('SELECT 1 FROM conversations WHERE id = ?').get(id) === undefined) {
      throw new ConversationNotFoundError(id);
    }
  }

  private _touch(id: string, at: number): void {
    this._db.prepare('UPDATE conversations SET updated_at = max(updated_at, ?) WHERE id = ?').run(at, id);
  }
}
