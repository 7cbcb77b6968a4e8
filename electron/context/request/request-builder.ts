// SPDX-License-Identifier: MIT
import { DomainError } from '../../../shared/ipc/define';
import type { ContextPreview, ContextUsage, ModelContextConfig } from '../../../shared/ipc/context';
import { selectUnits, type BudgetUnit } from './budget';
import { catalogEntryView, type CatalogOptions } from './catalog';
import type { HistoryMessage } from '../conversation/conversation-service';
import type { Context, ToolDefinition } from '../domain/llm-context';
import type { TwoTrackMemory } from '../conversation/memory';
import { effectiveLimit } from '../../../shared/domain/model-limits';
import type { RecentCommands } from './recent-commands';
import type { Redactor } from '../redaction';
import { buildQueryContext, gatherCandidates, type CandidateOptions, type RelevanceScorer } from '../relevance/relevance';
import { buildPreview } from './request-preview';
import {
  catalogUnits,
  historyUnits,
  pinnedUnit,
  projectUnit,
  questionUnit,
  recentCommandUnits,
  shortTrackUnit,
  systemUnit,
  toolsUnit,
} from './request-units';
import { fenceUntrusted } from './system-prompt';
import { layout, promptViews, renderContext, type RenderFrame } from './request-render';
import type { ProjectFile } from '../project/agents-file';
import { outwardLine } from '../outward/outward-view';
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
  /** The repository's AGENTS.md may take at most this share; a longer one is shortened to it. */
  readonly projectShare?: number;
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
  /** The active terminal's repository's AGENTS.md, when there is one and the setting is on. */
  readonly project?: ProjectFile | null;
  readonly signal?: AbortSignal;
}

export interface AssembledRequest {
  readonly context: Context;
  readonly preview: ContextPreview;
  /** Tokens of the whole request as counted for the model (exact where a tokenizer exists). */
  readonly requestTokens: number;
}

/** The user can act on it (raise the limit, pick another model), so it is not a bug. */
class ContextBudgetError extends DomainError {
  override readonly name = 'ContextBudgetError';

  constructor(message: string) {
    super('invalid-request', message);
  }
}

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
  if (available < 64)
    throw new ContextBudgetError(
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
    deps.strategy.blocks(recent, deps.reader, redactor),
    Promise.all(pinned.map((c) => deps.commands.readCleanOutput(c.id))),
  ]);

  const history = historyUnits(ctx, input.history, available);
  const project = input.project ?? null;
  const frame: RenderFrame = { sessionId, projectPath: project ? fenceUntrusted(outwardLine(project.path, redactor) ?? '') : null };
  const memoryUnit = deps.memory ? shortTrackUnit(ctx, deps.memory) : null;
  const units: BudgetUnit[] = [
    systemUnit(ctx, deps.systemPrompt),
    questionUnit(ctx, input.question),
    ...(deps.tools.length > 0 ? [toolsUnit(ctx, JSON.stringify(deps.tools))] : []),
    ...pinned.map((c, i) => pinnedUnit(ctx, c, pinnedOutputs[i] ?? '', i)),
    ...(project ? [projectUnit(ctx, project.text)] : []),
    ...(memoryUnit ? [memoryUnit] : []),
    ...recentCommandUnits(ctx, blocks),
    ...catalogUnits(ctx, ranked, input.nowMs, deps.catalog),
    ...history.units,
  ];
  const { frames, groups } = layout(count, frame);
  const caps = {
    catalog: Math.floor(available * deps.catalogShare),
    'project-instructions': Math.floor(available * (deps.projectShare ?? 0.25)),
  };
  let selection = selectUnits(units, { available, frames, groups, caps, count });

  if (counter.exact) {
    // Count what made it in with the real tokenizer (sliced, off the hot path of selection) and select
    // again among those units only: the second pass can only drop or shorten, never add.
    const exactUnits: BudgetUnit[] = [];
    for (const u of selection.included) {
      const tokens =
        (await counter.countExact(u.text, input.signal)) +
        (u.section === 'history' ? MESSAGE_OVERHEAD_TOKENS * (u.entries?.length ?? 1) : 0);
      exactUnits.push({ ...u, tokens });
    }
    counter.learn(
      selection.included.reduce((sum, u) => sum + u.tokens, 0),
      exactUnits.reduce((sum, u) => sum + u.tokens, 0),
    );
    const exactCount = (text: string) => counter.exactSync(text) ?? count(text);
    const exactLayout = layout(exactCount, frame);
    const again = selectUnits(exactUnits, { available, ...exactLayout, caps, count: exactCount });
    selection = { ...again, dropped: [...selection.dropped, ...again.dropped] };
  }

  let included = [...selection.included];
  const dropped = [...selection.dropped];
  let context = renderContext(included, deps.tools, frame);
  let requestTokens = countRequestTokens(context, count);
  // The estimate of the whole can exceed the sum of its parts by a token per join; settle it here.
  while (!counter.exact && requestTokens > budget) {
    const victim = [...included].filter((u) => !u.required).sort((a, b) => b.priority - a.priority)[0];
    if (!victim) break;
    included = included.filter((u) => u !== victim);
    dropped.push(victim);
    context = renderContext(included, deps.tools, frame);
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
    project,
    catalog: ranked
      .slice(0, deps.catalog.maxEntries)
      .map((scored) => catalogEntryView(deps.scorer, query, scored, includedIds.has(`catalog:${scored.command.id}`), redactor)),
    candidates: candidates.length,
    threshold: deps.scorer.threshold,
  });
  return { context, preview: { ...preview, ...promptViews(context) }, requestTokens };
};
