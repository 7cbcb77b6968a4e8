// SPDX-License-Identifier: MIT
import type { CompactResult, ContextUsage, ContextWarning, UndoResult } from '../../../shared/ipc/context';
import { ConversationNotFoundError } from '../../store/conversations/conversation-records';
import type { ContextEntry } from '../domain/llm-context';
import { MESSAGE_OVERHEAD_TOKENS } from '../tokens/token-counter';
import { Compaction, isHistory, type CompactionDeps } from './compaction';
import type {
  Conversation,
  ConversationListing,
  ConversationSearchHit,
  RawMeta,
  StoredMessage,
  StoredMessageWithMeta,
  ToolCallRecord,
} from './repositories';
import { contextUsage, reachesThreshold } from './usage';

export type ConversationServiceDeps = CompactionDeps;

export interface HistoryMessage extends ContextEntry {
  readonly tokens: number;
}

/** The prompt tokens a provider reported for a request the engine had estimated. */
export interface ReportedUsage {
  readonly promptTokens: number;
  readonly requestEstimate: number;
}

/**
 * The one writer of conversations: every change to a conversation (questions, answers, the pane's
 * metadata, renames, deletes, compaction) goes through here, so token counts, usage and warnings
 * are kept in one place. Only user and assistant turns form the history sent with later questions:
 * tool calls served the turn they were made in, and their data can be fetched again.
 */
export class ConversationService {
  private readonly _listeners = new Set<(warning: ContextWarning) => void>();
  private readonly _compaction: Compaction;

  constructor(private readonly _deps: ConversationServiceDeps) {
    this._compaction = new Compaction(_deps, this);
  }

  onWarning(listener: (warning: ContextWarning) => void): () => void {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  }

  async createConversation(model: string, title = ''): Promise<Conversation> {
    return this._deps.conversations.createConversation({ model, title, createdAt: this._deps.now() });
  }

  getConversation(id: string): Promise<Conversation | null> {
    return this._deps.conversations.getConversation(id);
  }

  async requireConversation(id: string): Promise<Conversation> {
    const conversation = await this._deps.conversations.getConversation(id);
    if (!conversation) throw new ConversationNotFoundError(id);
    return conversation;
  }

  tokensOf(message: StoredMessage, model: string): number {
    const content = message.tokenModel === model ? message.tokenCount : this._deps.tokens.for(model).count(message.content);
    return content + MESSAGE_OVERHEAD_TOKENS;
  }

  /** The live history, oldest first, each with its token count for the conversation's model. */
  async history(conversationId: string): Promise<HistoryMessage[]> {
    const conversation = await this.requireConversation(conversationId);
    const live = await this._deps.conversations.listMessages(conversationId);
    return live.filter(isHistory).map((m) => ({ role: m.role, content: m.content, tokens: this.tokensOf(m, conversation.model) }));
  }

  async getContextUsage(conversationId: string): Promise<ContextUsage> {
    const conversation = await this.requireConversation(conversationId);
    const history = await this.history(conversationId);
    const config = await this._deps.modelConfigs.config(conversation.model);
    return contextUsage(
      history.length,
      history.reduce((sum, m) => sum + m.tokens, 0),
      config.contextLimit,
    );
  }

  async clearContext(conversationId: string): Promise<ContextUsage> {
    await this._compaction.clear(conversationId);
    return this.getContextUsage(conversationId);
  }

  truncateOldest(conversationId: string, targetTokens: number): Promise<number> {
    return this._compaction.truncateOldest(conversationId, targetTokens);
  }

  compactContext(conversationId: string, options: { signal?: AbortSignal } = {}): Promise<CompactResult> {
    return this._compaction.compact(conversationId, options);
  }

  undoCompaction(conversationId: string): Promise<UndoResult> {
    return this._compaction.undo(conversationId);
  }

  /** A conversation follows the model it is asked with; its usage is then counted for that model. */
  async useModel(conversationId: string, model: string, at = this._deps.now()): Promise<void> {
    const conversation = await this.requireConversation(conversationId);
    if (conversation.model !== model) await this._deps.conversations.setConversationModel(conversationId, model, at);
  }

  /** Stores a question before the model is asked, so neither a failure nor a restart loses it. */
  async recordQuestion(q: {
    conversationId: string;
    model: string;
    question: string;
    meta?: RawMeta;
    at?: number;
  }): Promise<StoredMessageWithMeta> {
    const at = q.at ?? this._deps.now();
    const message = {
      role: 'user' as const,
      content: q.question,
      tokenCount: this._deps.tokens.for(q.model).count(q.question),
      tokenModel: q.model,
      createdAt: at,
    };
    return this._deps.conversations.appendMessage(q.conversationId, message, q.meta);
  }

  /** Stores an answer and calibrates the model's token estimates with what the provider reported. */
  async recordAnswer(a: {
    conversationId: string;
    model: string;
    answer: string;
    toolCalls?: readonly ToolCallRecord[];
    meta?: RawMeta;
    reported?: ReportedUsage;
    at?: number;
  }): Promise<StoredMessageWithMeta> {
    const message = {
      role: 'assistant' as const,
      content: a.answer,
      tokenCount: this._deps.tokens.for(a.model).count(a.answer),
      tokenModel: a.model,
      createdAt: a.at ?? this._deps.now(),
      ...(a.toolCalls ? { toolCalls: a.toolCalls } : {}),
    };
    const stored = await this._deps.conversations.appendMessage(a.conversationId, message, a.meta);
    if (a.reported) this._deps.tokens.observeUsage(a.model, a.reported.requestEstimate, a.reported.promptTokens);
    return stored;
  }

  /** Keeps why a question's answer failed (and what had streamed) on the question itself. */
  async recordFailure(questionId: string, meta: RawMeta): Promise<void> {
    await this._deps.conversations.setMessageMeta(questionId, meta);
  }

  /** Removes a question whose answer failed, so a retry can ask it again in its place. */
  async withdrawQuestion(questionId: string): Promise<void> {
    await this._deps.conversations.deleteMessage(questionId);
  }

  /** The conversation's usage after it grew; warning listeners hear of it once it reaches the threshold. */
  async reportUsage(conversationId: string): Promise<{ usage: ContextUsage; warning: boolean }> {
    const conversation = await this.requireConversation(conversationId);
    const usage = await this.getContextUsage(conversationId);
    const { warningThreshold } = await this._deps.modelConfigs.config(conversation.model);
    const warning = reachesThreshold(usage, warningThreshold);
    if (warning) {
      for (const listener of this._listeners) listener({ conversationId, model: conversation.model, threshold: warningThreshold, usage });
    }
    return { usage, warning };
  }

  /** Every message with the pane's metadata; hidden (compacted) ones only when asked for. */
  messages(conversationId: string, options: { includeCompacted?: boolean } = {}): Promise<StoredMessageWithMeta[]> {
    return this._deps.conversations.listMessages(conversationId, options);
  }

  async listConversations(limit: number): Promise<ConversationListing[]> {
    return this._deps.conversations.listConversations(limit);
  }

  async summary(id: string): Promise<ConversationListing | null> {
    return this._deps.conversations.summary(id);
  }

  async search(query: string, limit: number): Promise<ConversationSearchHit[]> {
    return this._deps.conversations.search(query, limit);
  }

  async rename(id: string, title: string, at = this._deps.now()): Promise<void> {
    await this._deps.conversations.rename(id, title, at);
  }

  async delete(id: string): Promise<boolean> {
    return this._deps.conversations.delete(id);
  }
}
