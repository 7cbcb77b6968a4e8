// SPDX-License-Identifier: MIT
import type { ContextPreview, SectionId } from '../../../shared/ipc/context';

export type UsageLevel = 'normal' | 'warning' | 'critical';

export interface MeterSection {
  readonly id: SectionId | 'overhead' | 'trimmed-history';
  readonly title: string;
  readonly tokens: number;
}

export interface Meter {
  readonly tokens: number;
  /** Null when the model has no known limit. */
  readonly limit: number | null;
  readonly percent: number | null;
  readonly level: UsageLevel;
  readonly sections: readonly MeterSection[];
}

/** Colour band: at or above the model's warning threshold it warns; at or above the whole window it is critical. */
export const usageLevel = (percent: number | null, threshold: number): UsageLevel => {
  if (percent === null || !Number.isFinite(percent)) return 'normal';
  if (percent >= 100) return 'critical';
  return percent >= threshold * 100 ? 'warning' : 'normal';
};

export const percentOf = (tokens: number, limit: number | null): number | null =>
  limit && limit > 0 ? Math.round((tokens / limit) * 1000) / 10 : null;

/** Terminal sections that grow into whatever budget is left: they never push a request over. */
const ELASTIC: ReadonlySet<string> = new Set(['recent-commands', 'catalog']);

/**
 * Usage for the selected model, from the engine's preview: the fixed parts of the next request
 * (system prompt, tools, recent actions, pinned commands, the question, message framing) plus the
 * whole conversation, including history the budget left out, so an overfull conversation reads as
 * over. Recent commands and the catalog are listed but not counted: they fill whatever budget is
 * left, so counting them would pin the meter near full and hide what compaction frees.
 */
export const meterOf = (preview: ContextPreview, threshold: number): Meter => {
  const sections: MeterSection[] = preview.sections
    .filter((s) => s.tokens > 0)
    .map((s) => ({ id: s.id, title: ELASTIC.has(s.id) ? `${s.title} (fills the rest)` : s.title, tokens: s.tokens }));
  const counted = preview.sections.reduce((sum, s) => sum + s.tokens, 0);
  const overhead = Math.max(0, preview.budget.used - counted);
  if (overhead > 0) sections.push({ id: 'overhead', title: 'Message framing', tokens: overhead });
  const history = preview.sections.find((s) => s.id === 'history');
  const historyTotal = preview.usage?.estimatedTokens ?? 0;
  const left = history && history.trimmed.items > 0 ? Math.max(0, historyTotal - history.tokens) : 0;
  if (left > 0) sections.push({ id: 'trimmed-history', title: 'History left out (over budget)', tokens: left });
  const elastic = preview.sections.filter((s) => ELASTIC.has(s.id)).reduce((sum, s) => sum + s.tokens, 0);
  const tokens = preview.budget.used - elastic + left;
  const limit = preview.budget.contextLimit && preview.budget.contextLimit > 0 ? preview.budget.contextLimit : null;
  const percent = percentOf(tokens, limit);
  return { tokens, limit, percent, level: usageLevel(percent, threshold), sections };
};

/** "1.2k" style counts for the meter label. */
export const formatTokens = (tokens: number): string => {
  if (tokens < 1000) return String(tokens);
  if (tokens < 100_000) return `${(tokens / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  if (tokens < 1_000_000) return `${Math.round(tokens / 1000)}k`;
  return `${(tokens / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
};
