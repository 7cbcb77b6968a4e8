// SPDX-License-Identifier: MIT
import type { ContextPreview, SectionId } from '../../../shared/ipc/context';

/** Sections that travel inside the user turn, in the order the engine renders them. */
const DATA_SECTIONS: readonly SectionId[] = ['short-track', 'pinned', 'recent-commands', 'catalog'];

const textOf = (preview: ContextPreview, id: SectionId): string => preview.sections.find((s) => s.id === id)?.text ?? '';

/**
 * The preview as one text prompt (the `[System]` / `[User]` / `[Assistant]` form) for pasting
 * into any chat tool. When the engine supplies its own rendering (a `prompt` field) that is used
 * verbatim; otherwise it is assembled from the sections, which hold exactly what is sent.
 */
export const promptOf = (preview: ContextPreview): string => {
  const supplied = (preview as ContextPreview & { prompt?: unknown }).prompt;
  if (typeof supplied === 'string') return supplied;
  const parts: string[] = [];
  const system = textOf(preview, 'system');
  if (system) parts.push(`[System]\n${system}`);
  const history = textOf(preview, 'history');
  if (history) parts.push(history);
  const data = DATA_SECTIONS.flatMap((id) => {
    const section = preview.sections.find((s) => s.id === id);
    return section && section.text ? [id === 'short-track' ? section.text : `## ${section.title}\n${section.text}`] : [];
  });
  const question = textOf(preview, 'question');
  const project = textOf(preview, 'project-instructions');
  const blocks = [
    ...(project ? [`<project-instructions>\n${project}\n</project-instructions>`] : []),
    ...(data.length > 0 ? [`<terminal-context>\n${data.join('\n\n')}\n</terminal-context>`] : []),
  ];
  parts.push(`[User]\n${[...blocks, question].join('\n\n')}`);
  return parts.join('\n\n');
};
