// SPDX-License-Identifier: MIT
import { DomainError } from '../../../shared/ipc/define';
import type { ContextPreview, ContextUsage, ModelContextConfig, SectionId } from '../../../shared/ipc/context';
import { selectUnits, type BudgetUnit, type Included, type SectionFrame } from './budget';
import { CATALOG_HEADER, catalogEntryView, type CatalogOptions } from './catalog';
import type { HistoryMessage } from '../conversation/conversation-service';
import { isUserRole, toPromptString, type Context, type ToolDefinition } from '../domain/llm-context';
import type { TwoTrackMemory } from '../conversation/memory';
import { effectiveLimit } from '../../../shared/domain/model-limits';
import type { RecentCommands } from './recent-commands';
import type { Redactor } from '../redaction';
import { buildQueryContext, gatherCandidates, type CandidateOptions, type RelevanceScorer } from '../relevance/relevance';
import { buildPreview } from './request-preview';
import {
  catalogUnits,
  historyEntries,
  historyUnits,
  pinnedUnit,
  questionUnit,
  recentCommandUnits,
  shortTrackUnit,
  systemUnit,
  toolsUnit,
} from './request-units';
import { CONTEXT_CLOSE, CONTEXT_OPEN, pinnedHeader, recentHeader } from './system-prompt';
import { countRequestTokens, MESSAGE_OVERHEAD_TOKENS, REQUEST_OVERHEAD_TOKENS, type TokenCounter } from '../tokens/token-counter';
import type { CommandSource, StreamReader } from '../domain/ports';

export interface RequestBuilderDeps {
  readonly commands: CommandSource;
  readonly reader: StreamReader;
  readonly strategy: RecentCommands;
  readonly scorer: RelevanceScorer;
  readonly candidates: CandidateOptions;
  readonly catalog: CatalogOptions;
  readonly memory: TwoTrackMemory | null;
  readonly systemPrompt: string;
  readonly tools: readonly ToolDefinition[];
  /** What a model without a known limit is assembled to: "no limit" must not mean "send everything". */
  readonly unlimitedBudget: number;
  /** The catalog is an index for get_commands: at most this share of the budget. */
  readonly catalogShare: number;
}

export interface BuildInput {
  readonly question: string;
  readonly config: ModelContextConfig;
  readonly counter: TokenCounter;
  readonly redactor: Redactor;
  readonly sessionId: string | null;
  readonly pinnedCommandIds: readonly string[];
  readonly history: readonly HistoryMessage[];
  readonly nowMs: number;
  readonly usage: ContextUsage | null;
  readonly signal?: AbortSignal;
}

export interface AssembledRequest {
  readonly context: Context;
  readonly preview: ContextPreview;
  /** Tokens of the whole request as counted for the model (exact where a tokenizer exists). */
  readonly requestTokens: number;
}

/** The user can act on it (raise the limit, pick another model), so it is not a bug. */
export class ContextBudgetError extends DomainError {
  override readonly name = 'ContextBudgetError';

  constructor(message: string) {
    super('invalid-request', message);
  }
}

interface Layout {
  readonly frames: Partial<Record<SectionId, SectionFrame>>;
  readonly groups: Record<string, number>;
}

const layout = (count: (t: string) => number, sessionId: string | null): Layout => ({
  frames: {
    'short-track': { headerTokens: 1, group: 'context' },
    pinned: { headerTokens: count(pinnedHeader) + 2, group: 'context' },
    'recent-commands': { headerTokens: count(recentHeader(sessionId ?? '')) + 2, group: 'context' },
    catalog: { headerTokens: count(CATALOG_HEADER) + 2, group: 'context' },
    question: { headerTokens: 1 },
  },
  groups: { context: count(CONTEXT_OPEN) + count(CONTEXT_CLOSE) + 2 },
});

/** Lays the chosen units out as a Context: instructions in the system prompt, data fenced in the user turn. */
export const renderContext = (included: readonly Included[], tools: readonly ToolDefinition[], sessionId: string | null): Context => {
  const of = (section: SectionId) => included.filter((u) => u.section === section).sort((a, b) => a.order - b.order);
  const texts = (section: SectionId, sep: string) => of(section).map((u) => u.text).join(sep);
  const parts: string[] = [];
  if (of('short-track').length > 0) parts.push(texts('short-track', '\n'));
  if (of('pinned').length > 0) parts.push(`${pinnedHeader}\n${texts('pinned', '\n\n')}`);
  if (of('recent-commands').length > 0) parts.push(`${recentHeader(sessionId ?? '')}\n${texts('recent-commands', '\n\n')}`);
  if (of('catalog').length > 0) parts.push(`${CATALOG_HEADER}\n${texts('catalog', '\n')}`);
  const question = texts('question', '');
  return {
    systemPrompt: texts('system', ''),
    history: historyEntries(of('history')),
    currentMessage: parts.length > 0 ? `${CONTEXT_OPEN}\n\n${parts.join('\n\n')}\n${CONTEXT_CLOSE}\n\n${question}` : question,
    tools: of('tools').length > 0 ? [...tools] : [],
  };
};

/**
 * Builds the request for a question (the one function the issue asks for). Everything is gathered
 * through bounded queries, turned into prioritised units, selected greedily within the model's
 * effective limit minus the answer reserve, and checked once more on the rendered request. With a
 * real tokenizer the chosen units are then counted exactly and trimmed again if the estimate was low.
 */
export const buildRequest = async (deps: RequestBuilderDeps, input: BuildInput): Promise<AssembledRequest> => {
  const { config, counter, redactor, sessionId } = input;
  const limit = config.contextLimit > 0 ? config.contextLimit : null;
  const effective = limit ? effectiveLimit(limit) : deps.unlimitedBudget;
  // `settings:set` refuses a reserve at or above the effective limit with a field error
  // (shared/settings/rules.ts); this cap stays as a defence for models saved before that rule,
  // which still load with their old reserve, and keeps half the budget for the question.
  const reserved = Math.min(config.reservedOutputTokens, Math.floor(effective / 2));
  const budget = effective - reserved;
  const available = budget - REQUEST_OVERHEAD_TOKENS - 2 * MESSAGE_OVERHEAD_TOKENS;
  if (available < 64) throw new ContextBudgetError(
      `The context limit of ${config.model} (${config.contextLimit} tokens) leaves no room for a question; raise it in Settings → Models.`,
    );
  const count = (text: string) => counter.count(text);
  const ctx = { redactor, count };

  const [recent, pinned, gathered] = await Promise.all([
    sessionId ? deps.commands.recentCommands(sessionId, deps.strategy.options.maxCommands) : [],
    input.pinnedCommandIds.length > 0 ? deps.commands.commandsByIds(input.pinnedCommandIds) : [],
    gatherCandidates(deps.commands, input.nowMs, deps.candidates),
  ]);
  input.signal?.throwIfAborted();
  const shown = new Set([...recent, ...pinned].map((c) => c.id));
  const candidates = gathered.commands.filter((c) => !shown.has(c.id));
  const session = gathered.sessions.find((s) => s.id === sessionId) ?? null;
  const query = buildQueryContext({ sessionId, question: input.question, nowMs: input.nowMs, recent, session });
  const ranked = deps.scorer.rank(query, candidates);
  const [blocks, pinnedOutputs] = await Promise.all([
    deps.strategy.blocks(recent, deps.reader),
    Promise.all(pinned.map((c) => deps.commands.readCleanOutput(c.id))),
  ]);

  const history = historyUnits(ctx, input.history, available);
  const memoryUnit = deps.memory ? shortTrackUnit(ctx, deps.memory) : null;
  const units: BudgetUnit[] = [
    systemUnit(ctx, deps.systemPrompt),
    questionUnit(ctx, input.question),
    ...(deps.tools.length > 0 ? [toolsUnit(ctx, JSON.stringify(deps.tools))] : []),
    ...pinned.map((c, i) => pinnedUnit(ctx, c, pinnedOutputs[i] ?? '', i)),
    ...(memoryUnit ? [memoryUnit] : []),
    ...recentCommandUnits(ctx, blocks),
    ...catalogUnits(ctx, ranked, input.nowMs, deps.catalog),
    ...history.units,
  ];
  const { frames, groups } = layout(count, sessionId);
  const caps = { catalog: Math.floor(available * deps.catalogShare) };
  let selection = selectUnits(units, { available, frames, groups, caps, count });

  if (counter.exact) {
    // Count what made it in with the real tokenizer (sliced, off the hot path of selection) and select
    // again among those units only: the second pass can only drop or shorten, never add.
    const exactUnits: BudgetUnit[] = [];
    for (const u of selection.included) {
      const tokens = (await counter.countExact(u.text, input.signal)) + (u.section === 'history' ? MESSAGE_OVERHEAD_TOKENS * (u.entries?.length ?? 1) : 0);
      exactUnits.push({ ...u, tokens });
    }
    counter.learn(
      selection.included.reduce((sum, u) => sum + u.tokens, 0),
      exactUnits.reduce((sum, u) => sum + u.tokens, 0),
    );
    const exactCount = (text: string) => counter.exactSync(text) ?? count(text);
    const exactLayout = layout(exactCount, sessionId);
    const again = selectUnits(exactUnits, { available, ...exactLayout, caps, count: exactCount });
    selection = { ...again, dropped: [...selection.dropped, ...again.dropped] };
  }

  let included = [...selection.included];
  const dropped = [...selection.dropped];
  let context = renderContext(included, deps.tools, sessionId);
  let requestTokens = countRequestTokens(context, count);
  // The estimate of the whole can exceed the sum of its parts by a token per join; settle it here.
  while (!counter.exact && requestTokens > budget) {
    const victim = [...included].filter((u) => !u.required).sort((a, b) => b.priority - a.priority)[0];
    if (!victim) break;
    included = included.filter((u) => u !== victim);
    dropped.push(victim);
    context = renderContext(included, deps.tools, sessionId);
    requestTokens = countRequestTokens(context, count);
  }
  if (counter.exact) requestTokens = selection.used + REQUEST_OVERHEAD_TOKENS + 2 * MESSAGE_OVERHEAD_TOKENS;
  // The question is always sent; when the system prompt alone fills the budget there is no request.
  if (!included.some((u) => u.section === 'question')) {
    throw new ContextBudgetError(
      `The context limit of ${config.model} (${config.contextLimit} tokens) leaves no room for a question after the system prompt; raise it in Settings → Models.`,
    );
  }

  const includedIds = new Set(included.map((u) => u.id));
  const preview = buildPreview({
    model: config.model,
    counter,
    limit,
    effective,
    reserved,
    used: requestTokens,
    included,
    dropped,
    units,
    skippedHistory: history.skipped,
    capped: selection.capped,
    context,
    usage: input.usage,
    catalog: ranked.slice(0, deps.catalog.maxEntries).map((scored) =>
      catalogEntryView(deps.scorer, query, scored, includedIds.has(`catalog:${scored.command.id}`), redactor),
    ),
    candidates: candidates.length,
    threshold: deps.scorer.threshold,
  });
  return { context, preview: { ...preview, ...promptViews(context) }, requestTokens };
};

/**
 * The prompt string and chat messages the preview shows: exactly what the provider will be sent. The
 * preview's messages have no tool plumbing: a turn's tool results are left out and an assistant message
 * that only called tools is skipped, so a turn still reads question, answer.
 */
export const promptViews = (context: Context): Pick<ContextPreview, 'prompt' | 'messages'> => ({
  prompt: toPromptString(context),
  messages: [
    ...(context.systemPrompt ? [{ role: 'system' as const, content: context.systemPrompt }] : []),
    ...context.history
      .filter((entry) => entry.role !== 'tool' && !(entry.content === '' && (entry.toolCalls?.length ?? 0) > 0))
      .map((entry) => ({ role: isUserRole(entry.role) ? ('user' as const) : ('assistant' as const), content: entry.content })),
    { role: 'user' as const, content: context.currentMessage },
  ],
});
