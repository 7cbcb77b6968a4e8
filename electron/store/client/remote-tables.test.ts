// SPDX-License-Identifier: MIT
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../../shared/ipc/define';
// The port's contract lives with the port (the context engine's); this runs it across the thread.
import { describeConversationRepository } from '../../context/testing/repository-contract';
import { openStore, type Store } from '../store';
import { makeTempDir, sessionInput, type TempDir } from '../testing/fixtures';

let dir: TempDir;
let store: Store | undefined;

beforeEach(() => {
  dir = makeTempDir();
});

afterEach(async () => {
  await store?.close();
  store = undefined;
  dir.remove();
});

describe('store tables through the writer worker', () => {
  it('writes conversations and settings on the one write connection, alongside recording', async () => {
    store = (await openStore({ dataDir: dir.path, onError: (error) => expect.fail(error.message) })).store;
    const { conversations, settings } = store.tables;
    store.startSession(sessionInput('s1'));
    const created = await conversations.createConversation({ model: 'm', title: 'Why did it fail?', createdAt: 1000 });
    await conversations.appendMessage(
      created.id,
      { role: 'user', content: 'why?', tokenCount: 2, tokenModel: 'm', createdAt: 1001 },
      { note: 1 },
    );
    const messages = await conversations.listMessages(created.id);
    expect(messages.map((m) => [m.role, m.content, m.meta])).toEqual([['user', 'why?', { note: 1 }]]);
    expect((await conversations.summary(created.id))?.messageCount).toBe(1);
    await settings.set('theme', '"light"');
    expect(await settings.get('theme')).toBe('"light"');
    await store.flush();
    expect((await store.getSession('s1'))?.id).toBe('s1');
  });

  it('keeps a domain error its code across the thread (a missing conversation is still not-found)', async () => {
    store = (await openStore({ dataDir: dir.path })).store;
    const failure = await store.tables.conversations.rename('missing', 'x', 1).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ code: 'not-found', name: 'ConversationNotFoundError' });
  });

  it('fails calls after close instead of hanging', async () => {
    const opened = (await openStore({ dataDir: dir.path })).store;
    await opened.close();
    await expect(opened.tables.settings.get('x')).rejects.toThrow(/closed/);
  });
});

// The contract expects a fresh repository per case (it reuses ids): one store each, closed at the end.
const opened: Array<{ dir: TempDir; store: Store }> = [];
describeConversationRepository('store.tables (writer worker)', async () => {
  const contractDir = makeTempDir();
  const contractStore = (await openStore({ dataDir: contractDir.path })).store;
  opened.push({ dir: contractDir, store: contractStore });
  return contractStore.tables.conversations;
});
afterAll(async () => {
  for (const { dir: contractDir, store: contractStore } of opened.splice(0)) {
    await contractStore.close();
    contractDir.remove();
  }
});
