// SPDX-License-Identifier: MIT
import type { ContextPreview, SectionId } from '../../../shared/ipc/context';

export type UsageLevel = 'normal' | 'warning' | 'critical';

interface MeterSection {
  readonly id: SectionId | 'overhead' | 'trimmed-history' | 'trimmed-other';
  readonly title: string;
  readonly tokens: number;
}

export interface Meter {
  /** What the next request needs: everything it carries plus everything that had to be left out. */
  readonly tokens: number;
  /** The model's context window; null when it has no known limit. */
  readonly limit: number | null;
  /** What a request may use: window × safety margin − the answer's reserve. Null without a limit. */
  readonly budget: number | null;
  /** `tokens` as a share of `budget`: the number the user can act on. */
  readonly percent: number | null;
  readonly level: UsageLevel;
  readonly sections: readonly MeterSection[];
  /** What the user would miss that is being left out (history, pinned output, recent commands). */
  readonly leftOut: readonly string[];
}

/** Colour band: at or above the model's warning threshold it warns; at or above the whole budget it is critical. */
export const usageLevel = (percent: number | null, threshold: number): UsageLevel => {
  if (percent === null || !Number.isFinite(percent)) return 'normal';
  if (percent >= 100) return 'critical';
  return percent >= threshold * 100 ? 'warning' : 'normal';
};

export const percentOf = (tokens: number, limit: number | null): number | null =>
  limit && limit > 0 ? Math.round((tokens / limit) * 1000) / 10 : null;

/** Terminal sections that grow into whatever budget is left: they never push a request over. */
const ELASTIC: ReadonlySet<string> = new Set(['recent-commands', 'catalog']);

/** What losing part of a section means to the user, for the warning. */
const MISSED: Partial<Record<SectionId, string>> = {
  history: 'older messages',
  pinned: 'part of the attached output',
  'recent-commands': 'recent commands of this terminal',
  'project-instructions': "part of the repository's AGENTS.md",
};

/** Recent commands may give way to what matters more, but fewer than this is worth a warning. */
const MIN_RECENT_COMMANDS = 3;

const missed = (s: ContextPreview['sections'][number]): boolean => {
  if (s.id === 'recent-commands') return s.trimmed.items > 0 && s.items < MIN_RECENT_COMMANDS;
  if (s.id === 'pinned' || s.id === 'project-instructions') return s.trimmed.items > 0 || s.trimmed.tokens > 0;
  return s.id === 'history' && s.trimmed.items > 0;
};

/** What the next request needs, split the way the meter and the inspector both show it. */
export interface RequestTotal {
  /** Everything the request carries: every section, history that fits, message framing. */
  readonly sent: number;
  /** What history, pinned output and the question had to leave out (elastic sections excepted). */
  readonly leftOut: number;
  readonly historyLeft: number;
  readonly otherLeft: number;
  /** Recent commands and the catalog: sent, but they give way first, so they never warn. */
  readonly elastic: number;
  /** sent + leftOut: the one figure the meter (`data-tokens`) and the inspector's total show. */
  readonly tokens: number;
}

/**
 * The one computation behind the meter and the inspector's total (they used to count
 * the same request differently, one without the terminal sections). Counted: the whole request
 * as the engine measured it (`budget.used`, framing included) plus whatever a section other than
 * recent commands and the catalog had to leave out, so an overfull conversation reads as over.
 */
export const requestTotal = (preview: ContextPreview): RequestTotal => {
  const history = preview.sections.find((s) => s.id === 'history');
  const historyLeft =
    history && history.trimmed.items > 0 ? Math.max(history.trimmed.tokens, (preview.usage?.estimatedTokens ?? 0) - history.tokens) : 0;
  const otherLeft = preview.sections.filter((s) => s.id !== 'history' && !ELASTIC.has(s.id)).reduce((sum, s) => sum + s.trimmed.tokens, 0);
  const elastic = preview.sections.filter((s) => ELASTIC.has(s.id)).reduce((sum, s) => sum + s.tokens, 0);
  const sent = preview.budget.used;
  return { sent, leftOut: historyLeft + otherLeft, historyLeft, otherLeft, elastic, tokens: sent + historyLeft + otherLeft };
};

/**
 * Usage for the selected model, from the engine's preview, measured against the budget a request
 * may really use (the preview's `available`: window × margin − answer reserve), not the raw
 * window, so "over" means what the request builder does. The figure is `requestTotal`'s, the
 * inspector's too. The colour ignores recent commands and the catalog: they are trimmed before
 * anything the user would miss, so filling the budget with them is not worth a warning; when
 * recent commands do lose items, that is named in the warning.
 */
export const meterOf = (preview: ContextPreview, threshold: number): Meter => {
  const sections: MeterSection[] = preview.sections
    .filter((s) => s.tokens > 0)
    .map((s) => ({ id: s.id, title: ELASTIC.has(s.id) ? `${s.title} (gives way first)` : s.title, tokens: s.tokens }));
  const counted = preview.sections.reduce((sum, s) => sum + s.tokens, 0);
  const overhead = Math.max(0, preview.budget.used - counted);
  if (overhead > 0) sections.push({ id: 'overhead', title: 'Message framing', tokens: overhead });
  const total = requestTotal(preview);
  if (total.historyLeft > 0) sections.push({ id: 'trimmed-history', title: 'History left out (over budget)', tokens: total.historyLeft });
  if (total.otherLeft > 0)
    sections.push({ id: 'trimmed-other', title: 'Left out of other sections (over budget)', tokens: total.otherLeft });
  const leftOut = preview.sections.filter(missed).map((s) => MISSED[s.id]!);
  const limit = preview.budget.contextLimit && preview.budget.contextLimit > 0 ? preview.budget.contextLimit : null;
  const budget = limit === null ? null : Math.max(1, preview.budget.available);
  const percent = percentOf(total.tokens, budget);
  const level = usageLevel(percentOf(total.tokens - total.elastic, budget), threshold);
  return {
    tokens: total.tokens,
    limit,
    budget,
    percent,
    level: level === 'normal' && leftOut.length > 0 ? 'warning' : level,
    sections,
    leftOut,
  };
};

/** "1.2k" style counts for the meter label. */
export const formatTokens = (tokens: number): string => {
  if (tokens < 1000) return String(tokens);
  if (tokens < 100_000) return `${(tokens / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  if (tokens < 1_000_000) return `${Math.round(tokens / 1000)}k`;
  return `${(tokens / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
};
