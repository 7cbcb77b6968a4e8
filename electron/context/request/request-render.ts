// SPDX-License-Identifier: MIT
import type { ContextPreview, SectionId } from '../../../shared/ipc/context';
import type { Included, SectionFrame } from './budget';
import { CATALOG_HEADER } from './catalog';
import { isUserRole, toPromptString, type Context, type ToolDefinition } from '../domain/llm-context';
import { historyEntries } from './request-units';
import { CONTEXT_CLOSE, CONTEXT_OPEN, pinnedHeader, PROJECT_CLOSE, projectOpen, recentHeader } from './system-prompt';

/** What the headers around the sections name: the active terminal and the rules file's path. */
export interface RenderFrame {
  readonly sessionId: string | null;
  /** The AGENTS.md path as shown in its block's header; null when there is none. */
  readonly projectPath: string | null;
}

export interface Layout {
  readonly frames: Partial<Record<SectionId, SectionFrame>>;
  readonly groups: Record<string, number>;
}

/** Each section's header (paid once when anything of it is sent), as the selection budgets them. */
export const layout = (count: (t: string) => number, frame: RenderFrame): Layout => ({
  frames: {
    'short-track': { headerTokens: 1, group: 'context' },
    pinned: { headerTokens: count(pinnedHeader) + 2, group: 'context' },
    'recent-commands': { headerTokens: count(recentHeader(frame.sessionId ?? '')) + 2, group: 'context' },
    catalog: { headerTokens: count(CATALOG_HEADER) + 2, group: 'context' },
    'project-instructions': { headerTokens: count(projectOpen(frame.projectPath ?? '')) + count(PROJECT_CLOSE) + 4 },
    question: { headerTokens: 1 },
  },
  groups: { context: count(CONTEXT_OPEN) + count(CONTEXT_CLOSE) + 2 },
});

/**
 * Lays the chosen units out as a Context: instructions in the system prompt; in the user turn the
 * project's rules in their own block, then the terminal data fenced, then the question.
 */
export const renderContext = (included: readonly Included[], tools: readonly ToolDefinition[], frame: RenderFrame): Context => {
  const of = (section: SectionId) => included.filter((u) => u.section === section).sort((a, b) => a.order - b.order);
  const texts = (section: SectionId, sep: string) =>
    of(section)
      .map((u) => u.text)
      .join(sep);
  const parts: string[] = [];
  if (of('short-track').length > 0) parts.push(texts('short-track', '\n'));
  if (of('pinned').length > 0) parts.push(`${pinnedHeader}\n${texts('pinned', '\n\n')}`);
  if (of('recent-commands').length > 0) parts.push(`${recentHeader(frame.sessionId ?? '')}\n${texts('recent-commands', '\n\n')}`);
  if (of('catalog').length > 0) parts.push(`${CATALOG_HEADER}\n${texts('catalog', '\n')}`);
  const blocks: string[] = [];
  if (of('project-instructions').length > 0)
    blocks.push(`${projectOpen(frame.projectPath ?? '')}\n\n${texts('project-instructions', '\n')}\n${PROJECT_CLOSE}`);
  if (parts.length > 0) blocks.push(`${CONTEXT_OPEN}\n\n${parts.join('\n\n')}\n${CONTEXT_CLOSE}`);
  const question = texts('question', '');
  return {
    systemPrompt: texts('system', ''),
    history: historyEntries(of('history')),
    currentMessage: blocks.length > 0 ? `${blocks.join('\n\n')}\n\n${question}` : question,
    tools: of('tools').length > 0 ? [...tools] : [],
  };
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
