// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { up } from '../migrations/0004-conversations';

describe('conversation schema (migration 0004)', () => {
  const db = new Database(':memory:');

  it('creates the four tables in one transaction and enforces its constraints', () => {
    db.pragma('foreign_keys = ON');
    db.transaction(() => up(db))();
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    expect(tables.map((t) => t.name)).toEqual(['conversations', 'messages', 'model_configs', 'summaries']);

    db.prepare("INSERT INTO conversations (id, model, created_at, updated_at) VALUES ('c', 'gpt-4o', 1, 1)").run();
    const insertMessage = db.prepare(
      'INSERT INTO messages (id, conversation_id, seq, role, content, created_at, compacted, compacted_by) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
    );
    insertMessage.run('m1', 'c', 1, 'user', 'hi', 0, null);
    expect(() => insertMessage.run('m2', 'c', 2, 'system', 'x', 0, null)).toThrow(/CHECK/);
    expect(() => insertMessage.run('m3', 'c', 3, 'user', 'x', 1, null)).toThrow(/CHECK/);
    expect(() => insertMessage.run('m4', 'nope', 4, 'user', 'x', 0, null)).toThrow(/FOREIGN KEY/);
    db.prepare("INSERT INTO summaries (id, conversation_id, mode, created_at) VALUES ('s', 'c', 'summarize', 2)").run();
    insertMessage.run('m5', 'c', 5, 'assistant', 'x', 1, 's');
    expect(() =>
      db
        .prepare(
          `INSERT INTO model_configs (model, context_limit, compaction_mode, warning_threshold, reserved_output_tokens, updated_at)
           VALUES ('m', 4096, 'summarize', 1.5, 100, 1)`,
        )
        .run(),
    ).toThrow(/CHECK/);
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM messages WHERE conversation_id = ? AND compacted = 0 ORDER BY seq')
      .all('c') as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('messages_live');
  });
});
