// SPDX-License-Identifier: MIT
import type { CatalogEntryView, ContextPreview, ContextUsage, PreviewSection, SectionId } from '../../../shared/ipc/context';
import type { BudgetUnit, Included } from './budget';
import { toPromptString, type Context } from '../domain/llm-context';
import { addCounts } from '../redaction';
import type { TokenCounter } from '../tokens/token-counter';
import type { ProjectFile } from '../project/agents-file';

export interface PreviewInput {
  readonly model: string;
  readonly counter: TokenCounter;
  readonly limit: number | null;
  readonly effective: number;
  readonly reserved: number;
  readonly used: number;
  readonly included: readonly Included[];
  readonly dropped: readonly BudgetUnit[];
  readonly units: readonly BudgetUnit[];
  readonly skippedHistory: number;
  readonly capped: ReadonlySet<SectionId>;
  readonly context: Context;
  readonly usage: ContextUsage | null;
  readonly catalog: CatalogEntryView[];
  readonly candidates: number;
  readonly threshold: number;
  /** The AGENTS.md read for this request; without one its section is left out of the preview. */
  readonly project?: ProjectFile | null;
}

/** In the order the issue lists them, with the titles the preview shows. */
const SECTIONS: ReadonlyArray<readonly [SectionId, string]> = [
  ['system', 'System prompt'],
  ['tools', 'Tool definitions'],
  ['short-track', 'Recent actions and knowledge'],
  ['project-instructions', 'Project instructions (AGENTS.md)'],
  ['pinned', 'Pinned commands'],
  ['question', 'Your question'],
  ['recent-commands', 'Recent commands in this terminal'],
  ['catalog', 'Related commands from other terminals'],
  ['history', 'Conversation history'],
];

const sectionText = (id: SectionId, units: readonly Included[], context: Context): string => {
  if (id === 'system') return context.systemPrompt;
  if (id === 'tools') return context.tools.length > 0 ? JSON.stringify(context.tools, null, 2) : '';
  if (id === 'history')
    return context.history.length > 0
      ? toPromptString({ systemPrompt: '', history: context.history, currentMessage: '', tools: [] }).replace(/\n\n\[User\]\n$/, '')
      : '';
  return units.map((u) => u.text).join(id === 'catalog' || id === 'short-track' ? '\n' : '\n\n');
};

/** Every section with its tokens, what was trimmed and what was redacted: what the user checks. */
/** The preview without its prompt views, which the request builder adds from the final context. */
export const buildPreview = (input: PreviewInput): Omit<ContextPreview, 'prompt' | 'messages'> => {
  const redactions: Record<string, number> = {};
  const trimmedSummary: string[] = [];
  const project = input.project ?? null;
  // No AGENTS.md (none in the repository, no repository, a remote shell, the setting off): no section.
  const listed = SECTIONS.filter(([id]) => id !== 'project-instructions' || project !== null);
  const sections: PreviewSection[] = listed.map(([id, title]) => {
    const units = input.included.filter((u) => u.section === id).sort((a, b) => a.order - b.order);
    const dropped = input.dropped.filter((u) => u.section === id);
    const shrunk = units.filter((u) => u.shrunkFrom !== undefined);
    const sectionRedactions: Record<string, number> = {};
    for (const u of units) addCounts(sectionRedactions, u.redactions);
    addCounts(redactions, sectionRedactions);
    const notes: string[] = [];
    const droppedTokens = dropped.reduce((s, u) => s + u.tokens, 0);
    if (dropped.length > 0) {
      const why = input.capped.has(id) ? 'over this section’s share of the budget' : 'no room left in the budget';
      notes.push(`${dropped.length} left out (${droppedTokens} tokens): ${why}`);
    }
    for (const u of shrunk) notes.push(`${u.id} shortened from ${u.shrunkFrom} to ${u.tokens} tokens`);
    if (id === 'history' && input.skippedHistory > 0)
      notes.push(`${input.skippedHistory} older messages not considered: far beyond the budget`);
    const cutAtRead = id === 'project-instructions' && project?.truncated === true;
    if (cutAtRead) notes.push(`${project.path} is ${Math.ceil(project.bytes / 1024)} KiB: only its first part was read`);
    if (id === 'catalog')
      notes.push(
        `${input.candidates} commands in the window, ${input.catalog.length} shown above the relevance threshold ${input.threshold}`,
      );
    const trimmedItems = dropped.length + (id === 'history' ? input.skippedHistory : 0);
    if (trimmedItems > 0 || shrunk.length > 0 || cutAtRead)
      trimmedSummary.push(`${title}: ${notes.filter((n) => !n.includes('commands in the window')).join('; ')}`);
    return {
      id,
      title,
      tokens: units.reduce((s, u) => s + u.tokens, 0),
      items: units.length,
      text: sectionText(id, units, input.context),
      trimmed: {
        items: trimmedItems,
        tokens: droppedTokens + shrunk.reduce((s, u) => s + (u.shrunkFrom! - u.tokens), 0),
        truncated: shrunk.length + (cutAtRead ? 1 : 0),
        notes,
      },
      redactions: sectionRedactions,
      ...(id === 'project-instructions' && project ? { source: project.path } : {}),
    };
  });
  return {
    model: input.model,
    tokenizer: input.counter.tokenizer,
    exactTokens: input.counter.exact,
    budget: {
      contextLimit: input.limit,
      effectiveLimit: input.effective,
      reservedOutputTokens: input.reserved,
      available: input.effective - input.reserved,
      used: input.used,
    },
    sections,
    catalog: input.catalog,
    redactions,
    trimmed: trimmedSummary,
    usage: input.usage,
    calibration: input.counter.exact ? null : input.counter.calibration(),
  };
};
