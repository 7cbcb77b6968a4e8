// SPDX-License-Identifier: MIT
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompletionAnswer } from '../../shared/ipc/session';
import type { PromptInputSnapshot } from '../terminal/prompt-input/prompt-input-model';

/** One fake terminal: its prompt line, and the listener the menu watches it with. */
const fake = vi.hoisted(() => ({
  snapshot: null as PromptInputSnapshot | null,
  listener: undefined as ((snapshot: PromptInputSnapshot | null) => void) | undefined,
  /** Each completion:list asked, answered when the test says. */
  asked: [] as { line: string; answer: (value: CompletionAnswer) => void }[],
  /** What was typed through the input gate, and the backspaces before it. */
  inserted: [] as string[],
}));

vi.mock('../terminal/terminals', () => ({
  controllerFor: () => ({
    focus: () => undefined,
    insert: async (text: string, options?: { before?: () => void }) => {
      options?.before?.();
      fake.inserted.push(text);
      return { outcome: 'inserted' };
    },
  }),
  promptInputFor: () => ({
    snapshot: () => fake.snapshot,
    onDidChange: (listener: (snapshot: PromptInputSnapshot | null) => void) => {
      fake.listener = listener;
      return { dispose: () => (fake.listener = undefined) };
    },
  }),
}));
vi.mock('../state/workspace', () => ({ terminalById: (id: string) => ({ id, exited: false }) }));
vi.mock('../transport/api', () => ({ api: { send: (_channel: string, { data }: { data: string }) => fake.inserted.push(data) } }));
vi.mock('../transport/invoke', () => ({
  invoke: (_channel: string, request: { line: string }) =>
    new Promise((resolve) => fake.asked.push({ line: request.line, answer: (value) => resolve({ ok: true, value }) })),
}));

const { acceptCompletion, closeCompletion, noteTypedAhead, openCompletion } = await import('./completion-actions');
const { useCompletion } = await import('./completion-state');

const typed = (text: string): PromptInputSnapshot => ({
  text,
  cursor: text.length,
  atEnd: true,
  certain: true,
  shellSuggestion: '',
  promptRow: 0,
  promptCol: 2,
  cursorRow: 0,
  cursorCol: 2 + text.length,
});
const answer = (...texts: string[]): CompletionAnswer => ({ items: texts.map((text) => ({ text, kind: 'subcommand' })), word: '' });
const shown = () => useCompletion.getState().shown.map((item) => item.text);

beforeEach(() => {
  closeCompletion(false);
  fake.asked.length = 0;
  fake.inserted.length = 0;
});

describe('the completion menu as the user types', () => {
  it('drops an answer overtaken by typing: a slow first answer never replaces the newer one', async () => {
    fake.snapshot = typed('git ');
    openCompletion('t1');
    // The user goes on typing past a space before main answered: a new head, a new question.
    fake.snapshot = typed('git checkout ');
    fake.listener?.(fake.snapshot);
    expect(fake.asked.map((ask) => ask.line)).toEqual(['git ', 'git checkout ']);
    fake.asked[1]!.answer(answer('--quiet', '--track'));
    fake.asked[0]!.answer(answer('checkout', 'cherry-pick'));
    await vi.waitFor(() => expect(useCompletion.getState().loading).toBe(false));
    await Promise.resolve();
    expect(shown()).toEqual(['--quiet', '--track']);
  });

  it('re-filters without asking again while only the word under the cursor changes', async () => {
    fake.snapshot = typed('git c');
    openCompletion('t1');
    fake.asked[0]!.answer(answer('checkout', 'cherry-pick', 'archive'));
    await vi.waitFor(() => expect(shown()).toHaveLength(3));
    fake.listener?.(typed('git cher'));
    expect(shown()).toEqual(['cherry-pick']);
    expect(fake.asked).toHaveLength(1);
  });

  it('Enter right after typing waits for the echo, so the word replaced is the one on screen', async () => {
    fake.snapshot = typed('git ch');
    openCompletion('t1');
    fake.asked[0]!.answer(answer('checkout', 'cherry-pick'));
    await vi.waitFor(() => expect(shown()).toHaveLength(2));
    useCompletion.getState().select(shown().indexOf('checkout'));
    // "eckou" went to the shell; Enter comes before its echo.
    noteTypedAhead();
    const accepting = acceptCompletion();
    await Promise.resolve();
    expect(fake.inserted).toEqual([]);
    fake.listener?.(typed('git checkou'));
    await accepting;
    expect(fake.inserted).toEqual(['t ']);
  });

  it('closes when the line can no longer be vouched for, or the cursor leaves its end', () => {
    fake.snapshot = typed('git ');
    openCompletion('t1');
    expect(useCompletion.getState().terminalId).toBe('t1');
    fake.listener?.({ ...typed('git x'), atEnd: false });
    expect(useCompletion.getState().terminalId).toBeNull();
    openCompletion('t1');
    fake.listener?.(null);
    expect(useCompletion.getState().terminalId).toBeNull();
  });

  it('does not open where no prompt line is known (a command running)', () => {
    fake.snapshot = null;
    openCompletion('t1');
    expect(useCompletion.getState().terminalId).toBeNull();
    expect(fake.asked).toHaveLength(0);
  });
});
