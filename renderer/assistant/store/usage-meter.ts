// SPDX-License-Identifier: MIT
import type { ContextPreview, SectionId } from '../../../shared/ipc/context';

export type UsageLevel = 'normal' | 'warning' | 'critical';

export interface MeterSection {
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
};

/** Recent commands may give way to what matters more, but fewer than this is worth a warning. */
export const MIN_RECENT_COMMANDS = 3;

const missed = (s: ContextPreview['sections'][number]): boolean => {
  if (s.id === 'recent-commands') return s.trimmed.items > 0 && s.items < MIN_RECENT_COMMANDS;
  if (s.id === 'pinned') return s.trimmed.items > 0 || s.trimmed.tokens > 0;
  return s.id === 'history' && s.trimmed.items > 0;
};

/**
 * Usage for the selected model, from the engine's preview, measured against the budget a request
 * may really use (the preview's `available`: window × margin − answer reserve), not the raw
 * window, so the warning and "over" mean what the request builder does. Counted: every fixed part
 * of the next request (system prompt, tools, recent actions, pinned commands, the question,
 * message framing, the history that fits) plus everything any section had to leave out, so an
 * overfull request reads as over. Recent commands and the catalog fill what is left and are
 * listed, not counted; but when recent commands lose items, that is named in the warning.
 */
export const meterOf = (preview: ContextPreview, threshold: number): Meter => {
  const sections: MeterSection[] = preview.sections
    .filter((s) => s.tokens > 0)
    .map((s) => ({ id: s.id, title: ELASTIC.has(s.id) ? `${s.title} (fills the rest)` : s.title, tokens: s.tokens }));
  const counted = preview.sections.reduce((sum, s) => sum + s.tokens, 0);
  const overhead = Math.max(0, preview.budget.used - counted);
  if (overhead > 0) sections.push({ id: 'overhead', title: 'Message framing', tokens: overhead });
  const history = preview.sections.find((s) => s.id === 'history');
  const historyLeft = history && history.trimmed.items > 0 ? Math.max(history.trimmed.tokens, (preview.usage?.estimatedTokens ?? 0) - history.tokens) : 0;
  if (historyLeft > 0) sections.push({ id: 'trimmed-history', title: 'History left out (over budget)', tokens: historyLeft });
  const otherLeft = preview.sections
    .filter((s) => s.id !== 'history' && !ELASTIC.has(s.id))
    .reduce((sum, s) => sum + s.trimmed.tokens, 0);
  if (otherLeft > 0) sections.push({ id: 'trimmed-other', title: 'Left out of other sections (over budget)', tokens: otherLeft });
  const leftOut = preview.sections.filter(missed).map((s) => MISSED[s.id]!);
  const elastic = preview.sections.filter((s) => ELASTIC.has(s.id)).reduce((sum, s) => sum + s.tokens, 0);
  const tokens = preview.budget.used - elastic + historyLeft + otherLeft;
  const limit = preview.budget.contextLimit && preview.budget.contextLimit > 0 ? preview.budget.contextLimit : null;
  const budget = limit === null ? null : Math.max(1, preview.budget.available);
  const percent = percentOf(tokens, budget);
  const level = usageLevel(percent, threshold);
  return { tokens, limit, budget, percent, level: level === 'normal' && leftOut.length > 0 ? 'warning' : level, sections, leftOut };
};

/** "1.2k" style counts for the meter label. */
export const formatTokens = (tokens: number): string => {
  if (tokens < 1000) return String(tokens);
  if (tokens < 100_000) return `${(tokens / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  if (tokens < 1_000_000) return `${Math.round(tokens / 1000)}k`;
  return `${(tokens / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
};
