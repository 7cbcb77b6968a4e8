// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc/define';
import { randomUUID } from 'node:crypto';
import type { CompactResult, ContextUsage, ContextWarning, UndoResult } from '../../shared/ipc/context';
import type { ContextEntry } from './context-model';
import type { TwoTrackMemory } from './memory';
import { effectiveLimit } from './model-limits';
import type { Redactor } from './redaction';
import type { CompactionOp, Conversation, ConversationRepository, StoredMessage, ToolCallRecord } from './repositories';
import { summarizeMessages, type ChatModel } from './summarizer';
import { MESSAGE_OVERHEAD_TOKENS, type TokenCounters } from './token-counter';
import type { Clock } from './types';
import { contextUsage, reachesThreshold, type ModelConfigService } from './usage';

export class ConversationNotFoundError extends DomainError {
  override readonly name = 'ConversationNotFoundError';

  constructor(readonly conversationId: string) {
    super('not-found', `Conversation not found: ${conversationId}`);
  }
}

export interface ContextManagerDeps {
  readonly conversations: ConversationRepository;
  readonly modelConfigs: ModelConfigService;
  readonly tokens: TokenCounters;
  readonly redactor: () => Redactor;
  /** The model that writes summaries for a conversation's model; null: Summarize falls back. */
  readonly chatModelFor?: (model: string) => ChatModel | null;
  readonly memory?: TwoTrackMemory;
  readonly now: Clock;
  readonly summaryTimeoutMs?: number;
  /** Summarize keeps at most this many newest messages verbatim. */
  readonly keepRecentMessages?: number;
}

/** One question and its answer, with the prompt tokens the provider reported for calibration. */
export interface TurnRecord {
  readonly conversationId: string;
  readonly question: string;
  readonly answer: string;
  readonly toolCalls?: readonly ToolCallRecord[];
  readonly reported?: { readonly promptTokens: number; readonly requestEstimate: number };
}

export interface HistoryMessage extends ContextEntry {
  readonly tokens: number;
}

const isHistory = (m: StoredMessage) => m.role === 'user' || m.role === 'assistant';

/**
 * Usage, limits and compaction of conversations (seed 004). Only user and assistant turns form the
 * history sent with later questions: tool calls served the turn they were made in, and their data can
 * be fetched again. Nothing is ever deleted: compaction and clear hide messages and can be undone.
 */
export class ContextManager {
  private readonly _listeners = new Set<(warning: ContextWarning) => void>();

  constructor(private readonly _deps: ContextManagerDeps) {}

  onWarning(listener: (warning: ContextWarning) => void): () => void {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  }

  async createConversation(model: string, title = ''): Promise<Conversation> {
    return this._deps.conversations.createConversation({ model, title, createdAt: this._deps.now() });
  }

  async requireConversation(id: string): Promise<Conversation> {
    const conversation = await this._deps.conversations.getConversation(id);
    if (!conversation) throw new ConversationNotFoundError(id);
    return conversation;
  }

  private _tokens(message: StoredMessage, model: string): number {
    const content = message.tokenModel === model ? message.tokenCount : this._deps.tokens.for(model).count(message.content);
    return content + MESSAGE_OVERHEAD_TOKENS;
  }

  /** The live history, oldest first, each with its token count for the conversation's model. */
  async history(conversationId: string): Promise<HistoryMessage[]> {
    const conversation = await this.requireConversation(conversationId);
    const live = await this._deps.conversations.listMessages(conversationId);
    return live.filter(isHistory).map((m) => ({ role: m.role, content: m.content, tokens: this._tokens(m, conversation.model) }));
  }

  async getContextUsage(conversationId: string): Promise<ContextUsage> {
    const conversation = await this.requireConversation(conversationId);
    const history = await this.history(conversationId);
    const config = await this._deps.modelConfigs.config(conversation.model);
    return contextUsage(history.length, history.reduce((sum, m) => sum + m.tokens, 0), config.contextLimit);
  }

  /** Starts the conversation afresh under the same id; undo brings the messages back. */
  async clearContext(conversationId: string): Promise<ContextUsage> {
    await this.requireConversation(conversationId);
    const live = await this._deps.conversations.listMessages(conversationId);
    if (live.length > 0) await this._apply(conversationId, 'clear', live, null, null, null);
    return this.getContextUsage(conversationId);
  }

  /** Hides the oldest messages so the newest that fit in `targetTokens` remain (seed 004). */
  async truncateOldest(conversationId: string, targetTokens: number): Promise<number> {
    const conversation = await this.requireConversation(conversationId);
    const live = (await this._deps.conversations.listMessages(conversationId)).filter(isHistory);
    let kept = 0;
    let from = live.length;
    for (let i = live.length - 1; i >= 0; i--) {
      const tokens = this._tokens(live[i]!, conversation.model);
      if (kept + tokens > targetTokens) break;
      kept += tokens;
      from = i;
    }
    const dropped = await this._olderThan(conversationId, live[from]);
    if (dropped.length > 0) await this._apply(conversationId, 'truncate-oldest', dropped, null, null, null);
    return dropped.length;
  }

  async compactContext(conversationId: string, options: { signal?: AbortSignal } = {}): Promise<CompactResult> {
    const conversation = await this.requireConversation(conversationId);
    const config = await this._deps.modelConfigs.config(conversation.model);
    const target = config.contextLimit > 0 ? effectiveLimit(config.contextLimit) - Math.min(config.reservedOutputTokens, Math.floor(effectiveLimit(config.contextLimit) / 2)) : null;
    const result = async (mode: CompactResult['mode'], compactionId: string | null, n: number, note: string, fallback: string | null = null): Promise<CompactResult> => ({
      usage: await this.getContextUsage(conversationId),
      mode,
      compactionId,
      compactedMessages: n,
      fallback: fallback === null ? null : { reason: fallback },
      note,
    });

    if (config.compactionMode === 'truncate-oldest') {
      if (target === null) return result('none', null, 0, 'No context limit is configured for this model: nothing to compact.');
      const n = await this.truncateOldest(conversationId, target);
      const id = n > 0 ? (await this._latestId(conversationId)) : null;
      return result(n > 0 ? 'truncate-oldest' : 'none', id, n, n > 0 ? `Dropped the ${n} oldest messages; undo restores them.` : 'The conversation already fits.');
    }

    const older = await this._summarizable(conversationId, conversation.model, target);
    if (older.length === 0) return result('none', null, 0, 'Nothing old enough to summarise.');
    const model = this._deps.chatModelFor?.(conversation.model) ?? null;
    let failure: string;
    if (model) {
      try {
        const timeout = AbortSignal.timeout(this._deps.summaryTimeoutMs ?? 90_000);
        const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
        const chunkChars = target === null ? 60_000 : Math.max(2_000, Math.floor((target - 800) * 2.4));
        const summary = await summarizeMessages(model, older, this._deps.redactor(), { signal, chunkChars, maxTokens: 1024 });
        const id = await this._apply(conversationId, 'summarize', older, summary, conversation.model, null);
        this._deps.memory?.handle({ type: 'compaction-summary', conversationId, summary });
        return result('summarize', id, older.length, `Summarised the ${older.length} oldest messages; undo restores them.`);
      } catch (error) {
        failure = (error as Error)?.message ?? String(error);
      }
    } else {
      failure = `no model is available to summarise with ${conversation.model}`;
    }
    const id = await this._apply(conversationId, 'truncate-oldest', older, null, null, failure);
    return result('truncate-oldest', id, older.length, `Summarising failed (${failure}); dropped the ${older.length} oldest messages instead. Undo restores them.`, failure);
  }

  async undoCompaction(conversationId: string): Promise<UndoResult> {
    await this.requireConversation(conversationId);
    const undone = await this._deps.conversations.undoLatestCompaction(conversationId, this._deps.now());
    if (undone?.mode === 'summarize') this._deps.memory?.forgetKnowledge(`conversation ${conversationId}`);
    return {
      usage: await this.getContextUsage(conversationId),
      undone: undone !== null,
      compactionId: undone?.id ?? null,
      restoredMessages: undone?.messageIds.length ?? 0,
    };
  }

  /**
   * Stores a question and its answer, learns from the usage the provider reported, and returns the
   * usage to show with the answer, warning listeners once usage reaches the model's threshold.
   */
  async recordTurn(turn: TurnRecord): Promise<{ usage: ContextUsage; warning: boolean }> {
    const conversation = await this.requireConversation(turn.conversationId);
    const counter = this._deps.tokens.for(conversation.model);
    const at = this._deps.now();
    const base = { tokenModel: conversation.model, createdAt: at };
    await this._deps.conversations.appendMessage(turn.conversationId, { ...base, role: 'user', content: turn.question, tokenCount: counter.count(turn.question) });
    await this._deps.conversations.appendMessage(turn.conversationId, {
      ...base,
      role: 'assistant',
      content: turn.answer,
      tokenCount: counter.count(turn.answer),
      ...(turn.toolCalls ? { toolCalls: turn.toolCalls } : {}),
    });
    if (turn.reported) this._deps.tokens.observeUsage(conversation.model, turn.reported.requestEstimate, turn.reported.promptTokens);
    return this.reportUsage(turn.conversationId);
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

  /** Older messages for Summarize: all but the newest few, and the kept part starts with a question. */
  private async _summarizable(conversationId: string, model: string, target: number | null): Promise<StoredMessage[]> {
    const live = (await this._deps.conversations.listMessages(conversationId)).filter(isHistory);
    const keepBudget = target === null ? Infinity : Math.floor(target / 2);
    const keepMax = this._deps.keepRecentMessages ?? 4;
    let from = live.length;
    let kept = 0;
    while (from > 0 && live.length - from < keepMax) {
      const tokens = this._tokens(live[from - 1]!, model);
      if (from < live.length && kept + tokens > keepBudget) break;
      kept += tokens;
      from--;
    }
    while (from < live.length && live[from]!.role !== 'user') from++;
    return this._olderThan(conversationId, live[from]);
  }

  /** Every live message (tool messages included) before `boundary`; all of them without one. */
  private async _olderThan(conversationId: string, boundary: StoredMessage | undefined): Promise<StoredMessage[]> {
    const live = await this._deps.conversations.listMessages(conversationId);
    if (!boundary) return live.filter(isHistory).length > 0 ? live : [];
    return live.filter((m) => m.seq < boundary.seq);
  }

  private async _latestId(conversationId: string): Promise<string | null> {
    return (await this._deps.conversations.listCompactions(conversationId)).at(-1)?.id ?? null;
  }

  private async _apply(
    conversationId: string,
    mode: CompactionOp['record']['mode'],
    messages: readonly StoredMessage[],
    summary: string | null,
    model: string | null,
    fallbackReason: string | null,
  ): Promise<string> {
    const id = randomUUID();
    const at = this._deps.now();
    const conversation = await this.requireConversation(conversationId);
    const content = summary === null ? null : `Summary of the earlier conversation (${messages.length} messages, compacted):\n${summary}`;
    await this._deps.conversations.applyCompaction({
      record: { id, conversationId, mode, summary, model, fallbackReason, messageIds: messages.map((m) => m.id), createdAt: at },
      summaryMessage:
        content === null
          ? null
          : { role: 'user', content, tokenCount: this._deps.tokens.for(conversation.model).count(content), tokenModel: conversation.model, createdAt: at },
    });
    return id;
  }
}
