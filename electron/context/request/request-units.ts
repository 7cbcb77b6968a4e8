// SPDX-License-Identifier: MIT
import type { RedactionCounts, SectionId } from '../../../shared/ipc/context';
import type { BudgetUnit } from './budget';
import type { CatalogOptions } from './catalog';
import { renderCatalogEntry } from './catalog';
import type { HistoryMessage } from '../conversation/conversation-service';
import { isUserRole, type ContextEntry } from '../domain/llm-context';
import { addCounts } from '../redaction';
import type { TwoTrackMemory } from '../conversation/memory';
import { capOutput } from './output-lines';
import { missingFromRecord } from './recorded-lines';
import type { CommandBlock } from './recent-commands';
import { UNKNOWN_COMMAND_LINE } from './recent-commands';
import type { Redactor } from '../redaction';
import type { ScoredCommand } from '../relevance/relevance';
import { remotePlaceOf } from '../../../shared/domain/command';
import { BLOCK_MAX_CHARS, outwardFields, outwardOutput } from '../outward/outward-view';
import { fenceUntrusted } from './system-prompt';
import { MESSAGE_OVERHEAD_TOKENS } from '../tokens/token-counter';
import type { CommandRecord } from '../domain/ports';

/**
 * Priorities, most important first. Conversation history is split: the last turn ranks above the
 * terminal data (a follow-up question needs it), older turns rank last, as the issue orders it. The
 * newest command of the active terminal is the guaranteed minimum of terminal context: it ranks just
 * after the tools, so even a 4K model sees what the user just ran.
 */
const PRIORITY = {
  system: 0,
  question: 1,
  tools: 2,
  lastCommand: 2.5,
  pinned: 3,
  projectInstructions: 3.5,
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
  extra: { required?: boolean; shrinkable?: boolean; fence?: boolean; overhead?: number; redacted?: RedactionCounts } = {},
): BudgetUnit => {
  const { text: redacted, counts: found } = ctx.redactor.redact(raw);
  // What the outward view replaced before the text was cut, and what this last pass still found.
  const counts = extra.redacted ? addCounts({ ...extra.redacted }, found) : found;
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
export const systemUnit = (ctx: UnitContext, prompt: string): BudgetUnit =>
  unit(ctx, 'system', 'system', PRIORITY.system, 0, prompt, { required: true });

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

/**
 * The repository's AGENTS.md: the user's rules rank just after what they pinned. Redacted like
 * everything else (a token pasted into a rules file stays here) and shortened rather than dropped.
 */
export const projectUnit = (ctx: UnitContext, text: string): BudgetUnit =>
  unit(ctx, 'project-instructions', 'project-instructions', PRIORITY.projectInstructions, 0, text, { shrinkable: true, fence: true });

const attr = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A pinned command: the user chose it, so it gets much more output than the recent-commands blocks. */
export const pinnedUnit = (ctx: UnitContext, command: CommandRecord, output: string, index: number): BudgetUnit => {
  // Through the outward view first (every field, the whole output), then cut: see outward-view.ts.
  const counts: Record<string, number> = {};
  const shown = outwardFields(command, ctx.redactor, counts);
  const redactedOutput = outwardOutput(command.commandLine, output, ctx.redactor, BLOCK_MAX_CHARS);
  addCounts(counts, redactedOutput.counts);
  const capped = capOutput(
    redactedOutput.text,
    { maxLines: 300, headLines: 150, tailLines: 150, maxChars: 24_000 },
    missingFromRecord(command, output),
  );
  const inner = ctx.redactor.redact(`$ ${shown.commandLine ?? UNKNOWN_COMMAND_LINE}${capped.text ? `\n${capped.text}` : ''}`);
  addCounts(counts, inner.counts);
  const place = remotePlaceOf(shown);
  const attrs = [
    `id="${attr(command.id)}"`,
    `session="${attr(command.sessionId)}"`,
    ...(shown.cwd ? [`cwd="${attr(shown.cwd)}"`] : []),
    ...(place ? [`host="${attr(place)}"`] : []),
    `exit="${command.exitCode ?? '?'}"`,
  ];
  const text = `<command ${attrs.join(' ')}>\n${fenceUntrusted(inner.text)}\n</command>`;
  return {
    id: `pinned:${command.id}`,
    section: 'pinned',
    priority: PRIORITY.pinned + index * 1e-3,
    order: index,
    text,
    tokens: ctx.count(text),
    redactions: counts,
    shrinkable: true,
  };
};

/**
 * Recent commands of the active session: newer ones are worth more. The newest is the guaranteed
 * minimum: it ranks with the essentials and is shortened (head and tail kept) rather than dropped.
 */
export const recentCommandUnits = (ctx: UnitContext, blocks: readonly CommandBlock[]): BudgetUnit[] =>
  blocks.map((block, i) => {
    const newest = i === blocks.length - 1;
    const priority = newest ? PRIORITY.lastCommand : PRIORITY.recentCommands + (blocks.length - i) * 1e-4;
    return unit(ctx, `recent:${block.command.id}`, 'recent-commands', priority, i, block.text, {
      fence: true,
      redacted: block.redactions,
      ...(newest ? { shrinkable: true } : {}),
    });
  });

export const catalogUnits = (ctx: UnitContext, ranked: readonly ScoredCommand[], nowMs: number, options: CatalogOptions): BudgetUnit[] =>
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

interface HistoryTurn {
  /** Index of the turn's first message in the history. */
  readonly start: number;
  readonly messages: readonly HistoryMessage[];
}

/**
 * Splits the history into turns: a user message (a question, or a compaction summary) and everything
 * that answered it (assistant messages, tool calls and their results) up to the next user message.
 * Messages before the first user message answer a question that is no longer there: they are
 * returned as `orphans` and never sent.
 */
const groupTurns = (history: readonly HistoryMessage[]): { turns: HistoryTurn[]; orphans: number } => {
  const turns: Array<{ start: number; messages: HistoryMessage[] }> = [];
  let orphans = 0;
  history.forEach((message, i) => {
    if (isUserRole(message.role)) turns.push({ start: i, messages: [message] });
    else if (turns.length > 0) turns[turns.length - 1]!.messages.push(message);
    else orphans++;
  });
  return { turns, orphans };
};

const turnUnit = (ctx: UnitContext, turn: HistoryTurn, priority: number, requires: string | null): BudgetUnit => {
  const redactions: Record<string, number> = {};
  let tokens = 0;
  const entries: ContextEntry[] = turn.messages.map((message) => {
    const content = ctx.redactor.redact(message.content);
    addCounts(redactions, content.counts);
    const calls = (message.toolCalls ?? []).map((call) => {
      const args = ctx.redactor.redact(call.arguments);
      addCounts(redactions, args.counts);
      return { ...call, arguments: args.text };
    });
    tokens += ctx.count(content.text) + MESSAGE_OVERHEAD_TOKENS + (calls.length > 0 ? ctx.count(JSON.stringify(calls)) : 0);
    return {
      role: message.role,
      content: content.text,
      ...(calls.length > 0 ? { toolCalls: calls } : {}),
      ...(message.toolCallId !== undefined ? { toolCallId: message.toolCallId } : {}),
    };
  });
  return {
    id: `history:${turn.start}`,
    section: 'history',
    priority,
    order: turn.start,
    text: entries.map((e) => e.content).join('\n\n'),
    tokens,
    redactions: redactions as RedactionCounts,
    entries,
    ...(requires !== null ? { requires } : {}),
  };
};

/**
 * Conversation turns, newest first until even the stored counts show nothing older can fit: a long
 * conversation is not redacted and re-counted message by message on every question. Each turn is one
 * unit, kept or dropped whole, and each older turn requires the next newer one, so what is sent is
 * always the newest whole turns and starts with a question. `skipped` counts messages not considered.
 */
export const historyUnits = (
  ctx: UnitContext,
  history: readonly HistoryMessage[],
  available: number,
): { units: BudgetUnit[]; skipped: number } => {
  const { turns, orphans } = groupTurns(history);
  const units: BudgetUnit[] = [];
  let budget = 0;
  let t = turns.length - 1;
  for (; t >= 0; t--) {
    const turn = turns[t]!;
    if (budget > available && units.length >= 1) break;
    const age = turns.length - 1 - t;
    const priority = age === 0 ? PRIORITY.lastExchange : PRIORITY.olderHistory + age * 1e-6;
    const u = turnUnit(ctx, turn, priority, units.at(-1)?.id ?? null);
    units.push(u);
    budget += turn.messages.reduce((sum, m) => sum + m.tokens, 0);
  }
  const notConsidered = t >= 0 ? turns[t]!.start + turns[t]!.messages.length - orphans : 0;
  return { units: units.reverse(), skipped: orphans + notConsidered };
};

/** The messages of the chosen history units, oldest first. */
export const historyEntries = (units: readonly BudgetUnit[]): ContextEntry[] =>
  units.flatMap((u) => u.entries ?? [{ role: 'user', content: u.text }]);
