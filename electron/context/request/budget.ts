// SPDX-License-Identifier: MIT
import type { RedactionCounts, SectionId } from '../../../shared/ipc/context';
import type { ContextEntry } from '../domain/llm-context';
import { capChars } from './output-lines';

/** One piece of a request that can be kept, shortened or dropped as a whole. */
export interface BudgetUnit {
  readonly id: string;
  readonly section: SectionId;
  /** Lower is more important; units are considered in this order and the rest trimmed. */
  readonly priority: number;
  /** Position within its section when rendered. */
  readonly order: number;
  readonly text: string;
  readonly tokens: number;
  readonly redactions: RedactionCounts;
  /** Never dropped: shortened to whatever room is left (the system prompt, the question). */
  readonly required?: boolean;
  /** May be shortened instead of dropped. */
  readonly shrinkable?: boolean;
  /**
   * Kept only if the unit with this id was kept (it must rank before this one): an older turn needs
   * the newer one, so the history sent is always the newest whole turns, without gaps.
   */
  readonly requires?: string;
  /** The messages a history unit stands for (a whole turn); never shortened. */
  readonly entries?: readonly ContextEntry[];
}

export interface Included extends BudgetUnit {
  /** Set when the unit was shortened to fit; `tokens` and `text` are then the shortened ones. */
  readonly shrunkFrom?: number;
}

export interface SectionFrame {
  /** Tokens of the section's header (and separators) paid once if anything of it is included. */
  readonly headerTokens: number;
  /** A frame shared by several sections (the terminal-data wrapper), paid once. */
  readonly group?: string;
}

export interface Selection {
  readonly included: Included[];
  readonly dropped: BudgetUnit[];
  readonly used: number;
  /** Sections whose units were dropped because the section hit its own cap, not the budget. */
  readonly capped: ReadonlySet<SectionId>;
}

export interface SelectOptions {
  readonly available: number;
  readonly frames: Partial<Record<SectionId, SectionFrame>>;
  readonly groups?: Readonly<Record<string, number>>;
  /** Per-section token caps (the catalog is an index, it must not crowd out the commands). */
  readonly caps?: Partial<Record<SectionId, number>>;
  /** Tokens per join between units of one section. */
  readonly separatorTokens?: number;
  readonly count: (text: string) => number;
}

/** Below this, a shortened unit is noise: drop it instead (unless it is required). */
const MIN_SHRUNK_TOKENS = 24;

/**
 * Shortens text to about `maxTokens`, keeping its beginning and end with a marker in between.
 * Starts from the text's own characters-per-token and converges in a few counts.
 */
export const shrinkToTokens = (text: string, maxTokens: number, count: (text: string) => number): { text: string; tokens: number } => {
  if (maxTokens <= 0) return { text: '', tokens: 0 };
  let tokens = count(text);
  if (tokens <= maxTokens) return { text, tokens };
  let chars = Math.floor((text.length * maxTokens) / tokens);
  for (let attempt = 0; attempt < 8 && chars > 0; attempt++) {
    const cut = capChars(text, chars).text;
    tokens = count(cut);
    if (tokens <= maxTokens) return { text: cut, tokens };
    chars = Math.floor(chars * (maxTokens / tokens) * 0.95);
  }
  const hard = text.slice(0, Math.max(0, maxTokens));
  return { text: hard, tokens: count(hard) };
};

/**
 * Greedy selection by priority: each unit goes in if it (and its section's header, and its group's
 * frame, the first time) fits in what is left; a shrinkable unit that does not fit is shortened to the
 * room left; anything else is dropped. The most important material is therefore never displaced by
 * something less important, and what is trimmed is always the lowest-priority material.
 */
export const selectUnits = (units: readonly BudgetUnit[], options: SelectOptions): Selection => {
  const sorted = [...units].sort((a, b) => a.priority - b.priority || a.order - b.order);
  const openSections = new Set<SectionId>();
  const openGroups = new Set<string>();
  const sectionTokens = new Map<SectionId, number>();
  const capped = new Set<SectionId>();
  const sep = options.separatorTokens ?? 1;
  const included: Included[] = [];
  const dropped: BudgetUnit[] = [];
  let used = 0;
  // Room held back for required units still to come, so a huge system prompt cannot starve the question.
  const share = (u: BudgetUnit) => Math.min(u.tokens, Math.floor(options.available / 4));
  let reserve = sorted.reduce((sum, u) => sum + (u.required ? share(u) : 0), 0);

  const kept = new Set<string>();
  for (const unit of sorted) {
    if (unit.required) reserve -= share(unit);
    if (unit.requires !== undefined && !kept.has(unit.requires)) {
      dropped.push(unit);
      continue;
    }
    const frame = options.frames[unit.section];
    const group = frame?.group;
    const overhead =
      (openSections.has(unit.section) ? sep : (frame?.headerTokens ?? 0)) +
      (group && !openGroups.has(group) ? (options.groups?.[group] ?? 0) : 0);
    const cap = options.caps?.[unit.section];
    const sectionSoFar = sectionTokens.get(unit.section) ?? 0;
    const overCap = !unit.required && cap !== undefined && sectionSoFar + unit.tokens > cap;
    // A shrinkable unit over its section's cap (a long AGENTS.md) is shortened to the cap, not lost.
    if (overCap && !(unit.shrinkable && cap - sectionSoFar >= MIN_SHRUNK_TOKENS)) {
      capped.add(unit.section);
      dropped.push(unit);
      continue;
    }
    if (overCap) capped.add(unit.section);
    const room = Math.min(options.available - used - overhead - reserve, overCap ? cap - sectionSoFar : Infinity);
    let take: Included | null = null;
    if (unit.tokens <= room) take = unit;
    else if ((unit.shrinkable || unit.required) && (room >= MIN_SHRUNK_TOKENS || unit.required)) {
      const shrunk = shrinkToTokens(unit.text, Math.max(0, room), options.count);
      const from = (unit as Included).shrunkFrom ?? unit.tokens;
      if (shrunk.text !== '' && shrunk.tokens <= Math.max(0, room))
        take = { ...unit, text: shrunk.text, tokens: shrunk.tokens, shrunkFrom: from };
    }
    if (!take) {
      dropped.push(unit);
      continue;
    }
    included.push(take);
    kept.add(take.id);
    used += take.tokens + overhead;
    openSections.add(unit.section);
    if (group) openGroups.add(group);
    sectionTokens.set(unit.section, sectionSoFar + take.tokens);
  }
  return { included, dropped, used, capped };
};
