// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
// The port's contract lives with the port (the context engine's); this runs it against SQLite.
import { describeConversationRepository } from '../../context/testing/repository-contract';
import { configureWriter } from '../database/database';
import { migrate } from '../database/migrate';
import { migrations } from '../migrations';
import { SqliteConversationRepository } from './conversation-repository';

/** The real schema, as the store's migrations build it, with the store's pragmas. */
const database = () => {
  const db = configureWriter(new Database(':memory:'));
  migrate(db, migrations);
  return db;
};

describeConversationRepository('sqlite', async () => new SqliteConversationRepository(database()));

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
