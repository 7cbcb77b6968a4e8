// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CONTEXT_SCHEMA_SQL } from '../context/persistence-schema';
import { describeConversationRepository, describeModelConfigRepository } from '../context/repository-contract';
import { SqliteConversationRepository } from './sqlite-conversations';
import { SqliteModelConfigRepository } from './sqlite-repositories';

const database = () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  db.exec(CONTEXT_SCHEMA_SQL);
  db.exec('ALTER TABLE messages ADD COLUMN meta TEXT');
  return db;
};

describeConversationRepository('sqlite', async () => new SqliteConversationRepository(database()));
describeModelConfigRepository('sqlite', async () => new SqliteModelConfigRepository(database()));

describe('SqliteConversationRepository extras', () => {
  it('keeps pane metadata, lists, renames, searches and deletes conversations', async () => {
    const repo = new SqliteConversationRepository(database());
    const a = await repo.createConversation({ model: 'm', title: 'Build failures', createdAt: 1 });
    const b = await repo.createConversation({ model: 'm', createdAt: 2 });
    const message = await repo.appendMessage(
      a.id,
      { role: 'user', content: 'why did cargo build fail?', tokenCount: 6, tokenModel: 'm', createdAt: 3 },
      { attachments: [{ commandId: 's:1', commandLine: 'cargo build' }] },
    );
    expect(message.meta).toEqual({ attachments: [{ commandId: 's:1', commandLine: 'cargo build' }] });
    repo.setMessageMeta(message.id, { attachments: [] });
    expect((await repo.listMessages(a.id))[0]?.meta).toEqual({ attachments: [] });
    expect(repo.listConversations(10).map((c) => [c.id, c.messageCount])).toEqual([
      [a.id, 1],
      [b.id, 0],
    ]);
    repo.rename(b.id, 'Renamed', 10);
    expect(repo.listConversations(10)[0]).toMatchObject({ id: b.id, title: 'Renamed' });
    expect(repo.search('CARGO', 10)).toEqual([{ conversationId: a.id, messageId: message.id, snippet: 'why did cargo build fail?' }]);
    expect(repo.search('50%_off', 10)).toEqual([]);
    expect(repo.delete(a.id)).toBe(true);
    expect(repo.delete(a.id)).toBe(false);
    expect(await repo.getConversation(a.id)).toBeNull();
  });
});
