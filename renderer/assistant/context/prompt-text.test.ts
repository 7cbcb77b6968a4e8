// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { ContextPreview, PreviewSection } from '../../../shared/ipc/context';
import { promptOf } from './prompt-text';

const section = (id: PreviewSection['id'], title: string, text: string): PreviewSection => ({
  id,
  title,
  text,
  tokens: 1,
  items: 1,
  trimmed: { items: 0, tokens: 0, truncated: 0, notes: [] },
  redactions: {},
});

describe('copy as prompt', () => {
  const base: Omit<ContextPreview, 'sections'> = {
    model: 'm',
    tokenizer: 'estimate',
    exactTokens: false,
    budget: { contextLimit: null, effectiveLimit: 0, reservedOutputTokens: 0, available: 0, used: 0 },
    catalog: [],
    redactions: {},
    trimmed: [],
    usage: null,
  };

  it('lays the sections out in the prompt-text form', () => {
    const prompt = promptOf({
      ...base,
      sections: [
        section('system', 'System prompt', 'Be brief.'),
        section('history', 'Conversation history', '[User]\nhi\n\n[Assistant]\nhello'),
        section('pinned', 'Pinned commands', 'npm test → exit 1'),
        section('question', 'Your question', 'why?'),
      ],
    });
    expect(prompt).toBe(
      '[System]\nBe brief.\n\n[User]\nhi\n\n[Assistant]\nhello\n\n[User]\n<terminal-context>\n## Pinned commands\nnpm test → exit 1\n</terminal-context>\n\nwhy?',
    );
  });

  it('prefers the engine rendering when the preview carries one', () => {
    expect(promptOf({ ...base, sections: [], prompt: 'exact' } as ContextPreview)).toBe('exact');
  });
});
