// SPDX-License-Identifier: MIT
import { grouped } from '../../../shared/domain/grouped';
import { randomUUID } from 'node:crypto';
import type { CompactResult, ContextUsage, UndoResult } from '../../../shared/ipc/context';
import { effectiveLimit } from '../../../shared/domain/model-limits';
import type { Clock } from '../domain/ports';
import type { Redactor } from '../redaction';
import type { TokenCounters } from '../tokens/token-counter';
import type { TwoTrackMemory } from './memory';
import type { ModelConfigService } from './model-config-service';
import type { CompactionOp, Conversation, ConversationRepository, StoredMessage } from './repositories';
import { summarizeMessages, type ChatModel } from './summarizer';

export interface CompactionDeps {
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

/** What compaction needs back from the conversation service: lookups it owns, so they stay one. */
export interface CompactionHost {
  requireConversation(id: string): Promise<Conversation>;
  getContextUsage(conversationId: string): Promise<ContextUsage>;
  /** A message's tokens for `model`, with the per-message overhead. */
  tokensOf(message: StoredMessage, model: string): number;
}

/** Every "did nothing" result starts the same way, so the pane can tell it apart at a glance. */
const NOTHING_TO_COMPACT = 'Nothing to compact yet:';
const nothingYet = (why: string): string => `${NOTHING_TO_COMPACT} ${why}`;

const plural = (n: number, word: string): string => `${grouped(n)} ${word}${n === 1 ? '' : 's'}`;

export const isHistory = (m: StoredMessage): boolean => m.role === 'user' || m.role === 'assistant';

/**
 * Clear, TruncateOldest and Summarize, and their undo. Nothing is ever deleted:
 * compaction hides messages behind a record that undo reverses. Split from ConversationService
 * because it is the one part of a conversation's life that calls a model.
 */
export class Compaction {
  constructor(
    private readonly _deps: CompactionDeps,
    private readonly _host: CompactionHost,
  ) {}

  /** Starts the conversation afresh under the same id; undo brings the messages back. */
  async clear(conversationId: string): Promise<void> {
    await this._host.requireConversation(conversationId);
    const live = await this._deps.conversations.listMessages(conversationId);
    if (live.length > 0) await this._apply(conversationId, 'clear', live, null, null, null);
  }

  /** Hides the oldest messages so the newest that fit in `targetTokens` remain. */
  async truncateOldest(conversationId: string, targetTokens: number): Promise<number> {
    const conversation = await this._host.requireConversation(conversationId);
    const live = (await this._deps.conversations.listMessages(conversationId)).filter(isHistory);
    let kept = 0;
    let from = live.length;
    for (let i = live.length - 1; i >= 0; i--) {
      const tokens = this._host.tokensOf(live[i]!, conversation.model);
      if (kept + tokens > targetTokens) break;
      kept += tokens;
      from = i;
    }
    const dropped = await this._olderThan(conversationId, live[from]);
    if (dropped.length > 0) await this._apply(conversationId, 'truncate-oldest', dropped, null, null, null);
    return dropped.length;
  }

  async compact(conversationId: string, options: { signal?: AbortSignal } = {}): Promise<CompactResult> {
    const conversation = await this._host.requireConversation(conversationId);
    const config = await this._deps.modelConfigs.config(conversation.model);
    const target =
      config.contextLimit > 0
        ? effectiveLimit(config.contextLimit) - Math.min(config.reservedOutputTokens, Math.floor(effectiveLimit(config.contextLimit) / 2))
        : null;
    const result = async (
      mode: CompactResult['mode'],
      compactionId: string | null,
      n: number,
      note: string,
      fallback: string | null = null,
      summary: string | null = null,
    ): Promise<CompactResult> => ({
      usage: await this._host.getContextUsage(conversationId),
      mode,
      compactionId,
      compactedMessages: n,
      fallback: fallback === null ? null : { reason: fallback },
      note,
      summary,
    });

    if (config.compactionMode === 'truncate-oldest') {
      if (target === null)
        return result(
          'none',
          null,
          0,
          nothingYet(
            `${conversation.model} has no context limit, so Truncate oldest has no size to cut down to (set a limit in Settings, or choose Summarize).`,
          ),
        );
      const n = await this.truncateOldest(conversationId, target);
      if (n === 0) {
        const usage = await this._host.getContextUsage(conversationId);
        return result(
          'none',
          null,
          0,
          nothingYet(
            `the ${plural(usage.messageCount, 'message')} (${plural(usage.estimatedTokens, 'token')}) already fit in the ${grouped(target)} tokens Truncate oldest keeps.`,
          ),
        );
      }
      const id = await this._latestId(conversationId);
      return result('truncate-oldest', id, n, `Dropped the ${n} oldest messages; undo restores them.`);
    }

    const older = await this._summarizable(conversationId, conversation.model, target);
    if (older.length === 0) {
      const kept = (await this._deps.conversations.listMessages(conversationId)).filter(isHistory).length;
      return result(
        'none',
        null,
        0,
        nothingYet(
          `the newest turns are always kept, and there ${kept === 1 ? 'is' : 'are'} only ${plural(kept, 'message')}, nothing older to summarise.`,
        ),
      );
    }
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
        return result('summarize', id, older.length, `Summarised the ${older.length} oldest messages; undo restores them.`, null, summary);
      } catch (error) {
        failure = (error as Error)?.message ?? String(error);
      }
    } else {
      failure = `no model is available to summarise with ${conversation.model}`;
    }
    const id = await this._apply(conversationId, 'truncate-oldest', older, null, null, failure);
    return result(
      'truncate-oldest',
      id,
      older.length,
      `Summarising failed (${failure}); dropped the ${older.length} oldest messages instead. Undo restores them.`,
      failure,
    );
  }

  async undo(conversationId: string): Promise<UndoResult> {
    await this._host.requireConversation(conversationId);
    const undone = await this._deps.conversations.undoLatestCompaction(conversationId, this._deps.now());
    if (undone?.mode === 'summarize') this._deps.memory?.forgetKnowledge(`conversation ${conversationId}`);
    return {
      usage: await this._host.getContextUsage(conversationId),
      undone: undone !== null,
      compactionId: undone?.id ?? null,
      restoredMessages: undone?.messageIds.length ?? 0,
    };
  }

  /** Older messages for Summarize: all but the newest few, and the kept part starts with a question. */
  private async _summarizable(conversationId: string, model: string, target: number | null): Promise<StoredMessage[]> {
    const live = (await this._deps.conversations.listMessages(conversationId)).filter(isHistory);
    const keepBudget = target === null ? Infinity : Math.floor(target / 2);
    const keepMax = this._deps.keepRecentMessages ?? 4;
    let from = live.length;
    let kept = 0;
    while (from > 0 && live.length - from < keepMax) {
      const tokens = this._host.tokensOf(live[from - 1]!, model);
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
    const conversation = await this._host.requireConversation(conversationId);
    const content = summary === null ? null : `Summary of the earlier conversation (${messages.length} messages, compacted):\n${summary}`;
    await this._deps.conversations.applyCompaction({
      record: { id, conversationId, mode, summary, model, fallbackReason, messageIds: messages.map((m) => m.id), createdAt: at },
      summaryMessage:
        content === null
          ? null
          : {
              role: 'user',
              content,
              tokenCount: this._deps.tokens.for(conversation.model).count(content),
              tokenModel: conversation.model,
              createdAt: at,
            },
    });
    return id;
  }
}
