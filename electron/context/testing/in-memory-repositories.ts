// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import type { ModelContextConfig, RedactionSettings } from '../../../shared/ipc/context';
import type {
  CompactionOp,
  Conversation,
  ConversationListing,
  ConversationRepository,
  ConversationSearchHit,
  ModelConfigRepository,
  RawMeta,
  RedactionSettingsRepository,
  StoredMessage,
  StoredMessageWithMeta,
} from '../conversation/repositories';

type NewMessage = Parameters<ConversationRepository['appendMessage']>[1];
type CompactionRecord = Awaited<ReturnType<ConversationRepository['listCompactions']>>[number];

const bySeq = (a: StoredMessage, b: StoredMessage) => a.seq - b.seq || (a.summaryOf ? 1 : 0) - (b.summaryOf ? 1 : 0);

/** Conversations in memory, with the same semantics the SQLite repository must have. */
export class InMemoryConversationRepository implements ConversationRepository {
  private readonly _conversations = new Map<string, Conversation>();
  private readonly _messages = new Map<string, StoredMessageWithMeta[]>();
  private readonly _compactions = new Map<string, CompactionRecord[]>();

  async createConversation(input: { id?: string; model: string; title?: string; createdAt: number }): Promise<Conversation> {
    const id = input.id ?? randomUUID();
    if (this._conversations.has(id)) throw new Error(`conversation ${id} exists`);
    const conversation = { id, title: input.title ?? '', model: input.model, createdAt: input.createdAt, updatedAt: input.createdAt };
    this._conversations.set(id, conversation);
    this._messages.set(id, []);
    this._compactions.set(id, []);
    return conversation;
  }

  async getConversation(id: string): Promise<Conversation | null> {
    return this._conversations.get(id) ?? null;
  }

  async setConversationModel(id: string, model: string, at: number): Promise<void> {
    const conversation = this._require(id);
    this._conversations.set(id, { ...conversation, model, updatedAt: at });
  }

  async appendMessage(conversationId: string, message: NewMessage, meta?: RawMeta): Promise<StoredMessageWithMeta> {
    const list = this._list(conversationId);
    const seq = list.reduce((max, m) => Math.max(max, m.seq), 0) + 1;
    const stored: StoredMessageWithMeta = {
      ...message,
      id: randomUUID(),
      conversationId,
      seq,
      compactedBy: null,
      summaryOf: null,
      meta: meta ?? null,
    };
    list.push(stored);
    this._touch(conversationId, message.createdAt);
    return stored;
  }

  async listMessages(conversationId: string, options: { includeCompacted?: boolean } = {}): Promise<StoredMessageWithMeta[]> {
    const list = this._list(conversationId);
    return list.filter((m) => options.includeCompacted || m.compactedBy === null).sort(bySeq);
  }

  async applyCompaction(op: CompactionOp): Promise<StoredMessage | null> {
    const { record } = op;
    const list = this._list(record.conversationId);
    const hidden = new Set(record.messageIds);
    const targets = list.filter((m) => hidden.has(m.id));
    if (targets.length !== hidden.size || targets.some((m) => m.compactedBy !== null)) {
      throw new Error('compaction refers to messages that are missing or already hidden');
    }
    for (let i = 0; i < list.length; i++) if (hidden.has(list[i]!.id)) list[i] = { ...list[i]!, compactedBy: record.id };
    this._compactions.get(record.conversationId)!.push({ ...record, messageIds: [...record.messageIds], undoneAt: null });
    let summary: StoredMessage | null = null;
    if (op.summaryMessage) {
      const seq = targets.reduce((max, m) => Math.max(max, m.seq), 0);
      const stored = {
        ...op.summaryMessage,
        id: randomUUID(),
        conversationId: record.conversationId,
        seq,
        compactedBy: null,
        summaryOf: record.id,
        meta: null,
      };
      list.push(stored);
      summary = stored;
    }
    this._touch(record.conversationId, record.createdAt);
    return summary;
  }

  async undoLatestCompaction(conversationId: string, at: number): Promise<CompactionRecord | null> {
    const records = this._compactions.get(conversationId);
    if (!records) throw new Error(`no conversation ${conversationId}`);
    const index = records.findLastIndex((r) => r.undoneAt === null);
    if (index < 0) return null;
    const record = records[index]!;
    const list = this._list(conversationId).filter((m) => m.summaryOf !== record.id);
    this._messages.set(
      conversationId,
      list.map((m) => (m.compactedBy === record.id ? { ...m, compactedBy: null } : m)),
    );
    const undone = { ...record, undoneAt: at };
    records[index] = undone;
    this._touch(conversationId, at);
    return undone;
  }

  async listCompactions(conversationId: string): Promise<CompactionRecord[]> {
    return [...(this._compactions.get(conversationId) ?? [])];
  }

  async recentSummaries(limit: number): Promise<CompactionRecord[]> {
    return [...this._compactions.values()]
      .flat()
      .filter((r) => r.mode === 'summarize' && r.undoneAt === null && r.summary !== null)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit);
  }

  setMessageMeta(messageId: string, meta: RawMeta): void {
    for (const list of this._messages.values()) {
      const i = list.findIndex((m) => m.id === messageId);
      if (i >= 0) list[i] = { ...list[i]!, meta };
    }
  }

  deleteMessage(messageId: string): void {
    for (const [id, list] of this._messages) {
      this._messages.set(
        id,
        list.filter((m) => m.id !== messageId || m.compactedBy !== null || m.summaryOf !== null),
      );
    }
  }

  listConversations(limit: number): ConversationListing[] {
    return [...this._conversations.keys()]
      .map((id) => this.summary(id)!)
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .slice(0, limit);
  }

  summary(id: string): ConversationListing | null {
    const conversation = this._conversations.get(id);
    if (!conversation) return null;
    const messageCount = this._messages.get(id)!.filter((m) => m.compactedBy === null && m.role !== 'tool').length;
    return { ...conversation, messageCount };
  }

  rename(id: string, title: string, at: number): void {
    this._conversations.set(id, { ...this._require(id), title, updatedAt: at });
  }

  delete(id: string): boolean {
    this._compactions.delete(id);
    this._messages.delete(id);
    return this._conversations.delete(id);
  }

  search(query: string, limit: number): ConversationSearchHit[] {
    const needle = query.toLowerCase();
    const hits: ConversationSearchHit[] = [];
    for (const conversation of this._conversations.values()) {
      const message = this._messages.get(conversation.id)!.find((m) => m.role !== 'tool' && m.content.toLowerCase().includes(needle));
      if (conversation.title.toLowerCase().includes(needle))
        hits.push({ conversationId: conversation.id, messageId: null, snippet: conversation.title });
      else if (message) hits.push({ conversationId: conversation.id, messageId: message.id, snippet: message.content });
    }
    return hits.slice(0, limit);
  }

  private _require(id: string): Conversation {
    const conversation = this._conversations.get(id);
    if (!conversation) throw new Error(`no conversation ${id}`);
    return conversation;
  }

  private _list(id: string): StoredMessageWithMeta[] {
    this._require(id);
    return this._messages.get(id)!;
  }

  private _touch(id: string, at: number): void {
    const conversation = this._require(id);
    this._conversations.set(id, { ...conversation, updatedAt: Math.max(conversation.updatedAt, at) });
  }
}

export class InMemoryModelConfigRepository implements ModelConfigRepository {
  private readonly _configs = new Map<string, ModelContextConfig>();

  async get(model: string): Promise<ModelContextConfig | null> {
    return this._configs.get(model) ?? null;
  }

  async put(config: ModelContextConfig): Promise<void> {
    this._configs.set(config.model, { ...config });
  }

  async delete(model: string): Promise<void> {
    this._configs.delete(model);
  }

  async list(): Promise<ModelContextConfig[]> {
    return [...this._configs.values()].sort((a, b) => a.model.localeCompare(b.model));
  }
}

export class InMemoryRedactionSettingsRepository implements RedactionSettingsRepository {
  private _settings: RedactionSettings | null = null;

  async load(): Promise<RedactionSettings | null> {
    return this._settings;
  }

  async save(settings: RedactionSettings): Promise<void> {
    this._settings = { ...settings, userPatterns: [...settings.userPatterns] };
  }
}
