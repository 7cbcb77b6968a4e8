// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { ConversationRepository, ModelConfigRepository } from '../conversation/repositories';

type NewMessage = Parameters<ConversationRepository['appendMessage']>[1];

const message = (role: NewMessage['role'], content: string, createdAt: number): NewMessage => ({
  role,
  content,
  tokenCount: content.length,
  tokenModel: 'm',
  createdAt,
});

/**
 * The behaviour every ConversationRepository must have, as a reusable suite: the in-memory one runs
 * it here, and the SQLite one can run the same `describeConversationRepository('sqlite', make)`.
 */
export const describeConversationRepository = (name: string, make: () => Promise<ConversationRepository>): void => {
  describe(`ConversationRepository contract: ${name}`, () => {
    const seeded = async () => {
      const repo = await make();
      const conv = await repo.createConversation({ model: 'gpt-4o', title: 't', createdAt: 1 });
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push((await repo.appendMessage(conv.id, message(i % 2 ? 'assistant' : 'user', `m${i}`, 10 + i))).id);
      return { repo, conv, ids };
    };

    it('creates, finds and updates conversations; unknown ids are null', async () => {
      const repo = await make();
      const conv = await repo.createConversation({ id: 'fixed', model: 'a', createdAt: 5 });
      expect(await repo.getConversation('fixed')).toMatchObject({ id: 'fixed', model: 'a', createdAt: 5 });
      await repo.setConversationModel('fixed', 'b', 9);
      expect(await repo.getConversation(conv.id)).toMatchObject({ model: 'b', updatedAt: 9 });
      expect(await repo.getConversation('missing')).toBeNull();
    });

    it('lists messages in order with increasing seq', async () => {
      const { repo, conv } = await seeded();
      const list = await repo.listMessages(conv.id);
      expect(list.map((m) => m.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
      expect(list.every((m, i) => i === 0 || m.seq > list[i - 1]!.seq)).toBe(true);
      expect(list.every((m) => m.compactedBy === null && m.summaryOf === null)).toBe(true);
    });

    it('compaction hides originals without deleting them and places the summary where they were', async () => {
      const { repo, conv, ids } = await seeded();
      const summary = await repo.applyCompaction({
        record: {
          id: 'c1',
          conversationId: conv.id,
          mode: 'summarize',
          summary: 'S',
          model: 'm',
          fallbackReason: null,
          messageIds: ids.slice(0, 4),
          createdAt: 50,
        },
        summaryMessage: message('user', 'S', 50),
      });
      expect(summary).toMatchObject({ summaryOf: 'c1', content: 'S' });
      expect((await repo.listMessages(conv.id)).map((m) => m.content)).toEqual(['S', 'm4', 'm5']);
      const all = await repo.listMessages(conv.id, { includeCompacted: true });
      expect(all.map((m) => m.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'S', 'm4', 'm5']);
      expect(all.filter((m) => m.compactedBy === 'c1')).toHaveLength(4);
    });

    it('undo reverses the newest compaction first, like a stack', async () => {
      const { repo, conv, ids } = await seeded();
      const op = (id: string, messageIds: string[], at: number) => ({
        record: {
          id,
          conversationId: conv.id,
          mode: 'summarize' as const,
          summary: id,
          model: 'm',
          fallbackReason: null,
          messageIds,
          createdAt: at,
        },
        summaryMessage: message('user', id, at),
      });
      const s1 = await repo.applyCompaction(op('c1', ids.slice(0, 2), 50));
      await repo.applyCompaction(op('c2', [s1!.id, ids[2]!], 60));
      expect((await repo.listMessages(conv.id)).map((m) => m.content)).toEqual(['c2', 'm3', 'm4', 'm5']);
      expect((await repo.undoLatestCompaction(conv.id, 70))?.id).toBe('c2');
      expect((await repo.listMessages(conv.id)).map((m) => m.content)).toEqual(['c1', 'm2', 'm3', 'm4', 'm5']);
      expect((await repo.undoLatestCompaction(conv.id, 80))?.id).toBe('c1');
      expect((await repo.listMessages(conv.id)).map((m) => m.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
      expect(await repo.undoLatestCompaction(conv.id, 90)).toBeNull();
      expect((await repo.listCompactions(conv.id)).map((c) => c.undoneAt)).toEqual([80, 70]);
    });

    it('a clear hides everything and is undoable; new messages after it stay', async () => {
      const { repo, conv, ids } = await seeded();
      await repo.applyCompaction({
        record: {
          id: 'clr',
          conversationId: conv.id,
          mode: 'clear',
          summary: null,
          model: null,
          fallbackReason: null,
          messageIds: ids,
          createdAt: 50,
        },
        summaryMessage: null,
      });
      expect(await repo.listMessages(conv.id)).toEqual([]);
      await repo.appendMessage(conv.id, message('user', 'fresh', 55));
      await repo.undoLatestCompaction(conv.id, 60);
      expect((await repo.listMessages(conv.id)).map((m) => m.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'fresh']);
    });

    it('refuses to hide messages that are already hidden or unknown', async () => {
      const { repo, conv, ids } = await seeded();
      const rec = (id: string, messageIds: string[]) => ({
        record: {
          id,
          conversationId: conv.id,
          mode: 'truncate-oldest' as const,
          summary: null,
          model: null,
          fallbackReason: null,
          messageIds,
          createdAt: 50,
        },
        summaryMessage: null,
      });
      await repo.applyCompaction(rec('c1', ids.slice(0, 1)));
      await expect(repo.applyCompaction(rec('c2', ids.slice(0, 2)))).rejects.toThrow();
      await expect(repo.applyCompaction(rec('c3', ['nope']))).rejects.toThrow();
      expect((await repo.listMessages(conv.id)).map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    });

    it('lists summaries in effect across conversations, newest first', async () => {
      const { repo, conv, ids } = await seeded();
      const other = await repo.createConversation({ model: 'x', createdAt: 2 });
      const otherMsg = await repo.appendMessage(other.id, message('user', 'o', 3));
      const base = { model: 'm', fallbackReason: null, summaryMessage: null };
      await repo.applyCompaction({
        record: { ...base, id: 'a', conversationId: conv.id, mode: 'summarize', summary: 'A', messageIds: [ids[0]!], createdAt: 10 },
        summaryMessage: message('user', 'A', 10),
      });
      await repo.applyCompaction({
        record: { ...base, id: 'b', conversationId: other.id, mode: 'summarize', summary: 'B', messageIds: [otherMsg.id], createdAt: 20 },
        summaryMessage: message('user', 'B', 20),
      });
      await repo.applyCompaction({
        record: { ...base, id: 't', conversationId: conv.id, mode: 'truncate-oldest', summary: null, messageIds: [ids[1]!], createdAt: 30 },
        summaryMessage: null,
      });
      expect((await repo.recentSummaries(5)).map((r) => r.id)).toEqual(['b', 'a']);
      await repo.undoLatestCompaction(other.id, 40);
      expect((await repo.recentSummaries(5)).map((r) => r.id)).toEqual(['a']);
    });
  });
};

export const describeModelConfigRepository = (name: string, make: () => Promise<ModelConfigRepository>): void => {
  describe(`ModelConfigRepository contract: ${name}`, () => {
    it('stores, replaces, lists and deletes per model', async () => {
      const repo = await make();
      const config = {
        model: 'm',
        contextLimit: 4096,
        compactionMode: 'truncate-oldest' as const,
        warningThreshold: 0.5,
        reservedOutputTokens: 512,
      };
      await repo.put(config);
      await repo.put({ ...config, model: 'a' });
      await repo.put({ ...config, contextLimit: 8192 });
      expect(await repo.get('m')).toEqual({ ...config, contextLimit: 8192 });
      expect((await repo.list()).map((c) => c.model)).toEqual(['a', 'm']);
      await repo.delete('m');
      expect(await repo.get('m')).toBeNull();
    });
  });
};
