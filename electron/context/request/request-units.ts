// SPDX-License-Identifier: MIT
import type { RedactionCounts, SectionId } from '../../../shared/ipc/context';
import type { BudgetUnit } from './budget';
import type { CatalogOptions } from './catalog';
import { renderCatalogEntry } from './catalog';
import type { HistoryMessage } from '../conversation/conversation-service';
import type { TwoTrackMemory } from '../conversation/memory';
import { capOutput } from './output-lines';
import type { CommandBlock } from './recent-commands';
import { UNKNOWN_COMMAND_LINE } from './recent-commands';
import type { Redactor } from '../redaction';
import type { ScoredCommand } from '../relevance/relevance';
import { fenceUntrusted } from './system-prompt';
import { MESSAGE_OVERHEAD_TOKENS } from '../tokens/token-counter';
import type { CommandRecord } from '../domain/ports';

/**
 * Priorities, most important first. Conversation history is split: the last exchange ranks above the
 * terminal data (a follow-up question needs it), older turns rank last, as the issue orders it.
 */
export const PRIORITY = {
  system: 0,
  question: 1,
  tools: 2,
  pinned: 3,
  shortTrack: 4,
  lastExchange: 5,
  recentCommands: 6,
  catalog: 7,
  olderHistory: 8,
} as const;

export interface UnitContext {
  readonly redactor: Redactor;
  readonly count: (text: string) => number;
}

const unit = (
  ctx: UnitContext,
  id: string,
  section: SectionId,
  priority: number,
  order: number,
  raw: string,
  extra: { required?: boolean; shrinkable?: boolean; fence?: boolean; overhead?: number } = {},
): BudgetUnit => {
  const { text: redacted, counts } = ctx.redactor.redact(raw);
  const text = extra.fence ? fenceUntrusted(redacted) : redacted;
  return {
    id,
    section,
    priority,
    order,
    text,
    tokens: ctx.count(text) + (extra.overhead ?? 0),
    redactions: counts as RedactionCounts,
    ...(extra.required ? { required: true } : {}),
    ...(extra.shrinkable ? { shrinkable: true } : {}),
  };
};

/** Redacted too: a system prompt the user edited leaves the machine like everything else. */
export const systemUnit = (ctx: UnitContext, prompt: string): BudgetUnit => unit(ctx, 'system', 'system', PRIORITY.system, 0, prompt, { required: true });

export const questionUnit = (ctx: UnitContext, question: string): BudgetUnit =>
  unit(ctx, 'question', 'question', PRIORITY.question, 0, question, { required: true });

export const toolsUnit = (ctx: UnitContext, toolsJson: string): BudgetUnit => ({
  id: 'tools',
  section: 'tools',
  priority: PRIORITY.tools,
  order: 0,
  text: toolsJson,
  tokens: ctx.count(toolsJson),
  redactions: {},
});

export const shortTrackUnit = (ctx: UnitContext, memory: TwoTrackMemory): BudgetUnit | null => {
  if (memory.recentActions().length === 0 && memory.knowledge().size === 0) return null;
  return unit(ctx, 'short-track', 'short-track', PRIORITY.shortTrack, 0, memory.renderPromptSection(), { shrinkable: true, fence: true });
};

const attr = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A pinned command: the user chose it, so it gets much more output than the recent-commands blocks. */
export const pinnedUnit = (ctx: UnitContext, command: CommandRecord, output: string, index: number): BudgetUnit => {
  const capped = capOutput(output, { maxLines: 300, headLines: 150, tailLines: 150, maxChars: 24_000 });
  const inner = ctx.redactor.redact(`$ ${command.commandLine ?? UNKNOWN_COMMAND_LINE}${capped.text ? `\n${capped.text}` : ''}`);
  const attrs = [`id="${attr(command.id)}"`, `session="${attr(command.sessionId)}"`, ...(command.cwd ? [`cwd="${attr(command.cwd)}"`] : []), `exit="${command.exitCode ?? '?'}"`];
  const text = `<command ${attrs.join(' ')}>\n${fenceUntrusted(inner.text)}\n</command>`;
  return {
    id: `pinned:${command.id}`,
    section: 'pinned',
    priority: PRIORITY.pinned + index * 1e-3,
    order: index,
    text,
    tokens: ctx.count(text),
    redactions: inner.counts,
    shrinkable: true,
  };
};

/** Recent commands of the active session: newer ones are worth more. */
export const recentCommandUnits = (ctx: UnitContext, blocks: readonly CommandBlock[]): BudgetUnit[] =>
  blocks.map((block, i) =>
    unit(ctx, `recent:${block.command.id}`, 'recent-commands', PRIORITY.recentCommands + (blocks.length - i) * 1e-4, i, block.text, { fence: true }),
  );

export const catalogUnits = (
  ctx: UnitContext,
  ranked: readonly ScoredCommand[],
  nowMs: number,
  options: CatalogOptions,
): BudgetUnit[] =>
  ranked.slice(0, options.maxEntries).map((scored, i) => {
    const entry = renderCatalogEntry(scored, nowMs, ctx.redactor, options);
    const text = fenceUntrusted(entry.text);
    return {
      id: `catalog:${scored.command.id}`,
      section: 'catalog' as const,
      priority: PRIORITY.catalog + (1 - scored.score) * 0.1 + i * 1e-6,
      order: i,
      text,
      tokens: ctx.count(text),
      redactions: entry.redactions,
    };
  });

/**
 * Conversation turns, newest first until even the stored counts show nothing older can fit: a long
 * conversation is not redacted and re-counted message by message on every question.
 */
export const historyUnits = (ctx: UnitContext, history: readonly HistoryMessage[], available: number): { units: BudgetUnit[]; skipped: number } => {
  const units: BudgetUnit[] = [];
  let budget = 0;
  let i = history.length - 1;
  for (; i >= 0; i--) {
    const message = history[i]!;
    if (budget > available && units.length >= 2) break;
    const age = history.length - 1 - i;
    const priority = age < 2 ? PRIORITY.lastExchange + age * 1e-3 : PRIORITY.olderHistory + age * 1e-6;
    const u = unit(ctx, `history:${i}:${message.role}`, 'history', priority, i, message.content, { overhead: MESSAGE_OVERHEAD_TOKENS });
    units.push(u);
    budget += u.tokens;
  }
  return { units: units.reverse(), skipped: i + 1 };
};

export const roleOfHistoryUnit = (u: BudgetUnit): 'user' | 'assistant' => (u.id.endsWith(':user') ? 'user' : 'assistant');
