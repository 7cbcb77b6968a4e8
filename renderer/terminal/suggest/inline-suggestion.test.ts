// SPDX-License-Identifier: MIT
import { Terminal as Headless } from '@xterm/headless';
import type { Terminal } from '@xterm/xterm';
import { describe, expect, it } from 'vitest';
import { PromptInputModel } from '../prompt-input/prompt-input-model';
import { InlineSuggestion } from './inline-suggestion';

/** Answers held until the test releases them, to play a line typed faster than queries return. */
const heldAnswers = () => {
  const pending: Array<{ prefix: string; resolve: (line: string | null) => void }> = [];
  const ask = (prefix: string) => new Promise<string | null>((resolve) => pending.push({ prefix, resolve }));
  return { pending, ask };
};

const setUp = async (options: { shell?: string; mode?: 'auto' | 'on' | 'off' } = {}) => {
  const term = new Headless({ cols: 40, rows: 6, allowProposedApi: true }) as unknown as Terminal;
  // Headless xterm draws nothing: the decoration (ghost-text.ts) is the browser's; e2e checks it.
  Object.assign(term, { registerDecoration: () => undefined });
  const model = new PromptInputModel(term);
  const answers = heldAnswers();
  const typed: string[] = [];
  const suggestion = new InlineSuggestion({
    term,
    promptInput: model,
    shell: options.shell ?? '/bin/bash',
    ask: answers.ask,
    type: (text) => typed.push(text),
    mode: () => options.mode ?? 'auto',
  });
  const write = (data: string) => new Promise<void>((resolve) => term.write(data, resolve));
  model.applyMark({ kind: 'prompt', commandId: null, exitCode: null });
  await write('$ ');
  model.applyMark({ kind: 'input-start', commandId: null, exitCode: null });
  await write('');
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return { suggestion, answers, typed, write, settle };
};

describe('InlineSuggestion', () => {
  it('drops an answer for a line no longer typed (typed faster than the queries return)', async () => {
    const { suggestion, answers, write, settle } = await setUp();
    await write('g');
    await write('i');
    await write('t');
    expect(answers.pending.map((p) => p.prefix)).toEqual(['g', 'gi', 'git']);
    // The answers come back late and out of order: only the one for what is typed now counts.
    answers.pending[2]!.resolve('git status');
    answers.pending[0]!.resolve('grep -r foo');
    answers.pending[1]!.resolve('gimp');
    await settle();
    expect(suggestion.shown).toBe('git status');
  });

  it('accepts all of it or one word, as typed input; Esc hides it until the line changes', async () => {
    const { suggestion, answers, typed, write, settle } = await setUp();
    await write('git');
    answers.pending.at(-1)!.resolve('git commit -m wip');
    await settle();
    expect(suggestion.accept('word')).toBe(true);
    expect(suggestion.accept('all')).toBe(true);
    expect(typed).toEqual([' commit', ' commit -m wip']);
    expect(suggestion.hide()).toBe(true);
    expect(suggestion.shown).toBeNull();
    await write(' ');
    // Typing on keeps the suggestion that still fits while the next answer is on its way.
    answers.pending.at(-1)!.resolve('git commit -m wip');
    await settle();
    expect(suggestion.shown).toBe('git commit -m wip');
  });

  it('shows nothing when the cursor is not at the end, for a 10,000-character line, or when turned off', async () => {
    const { suggestion, answers, write, settle } = await setUp();
    await write('git x\b\b');
    expect(answers.pending).toEqual([]);
    await write(`\x1b[K${'y'.repeat(10_001)}`);
    expect(answers.pending).toEqual([]);
    expect(suggestion.shown).toBeNull();
    const off = await setUp({ mode: 'off' });
    await off.write('git');
    await settle();
    expect(off.answers.pending).toEqual([]);
  });

  it('stays off in fish unless turned on, and once a shell is seen drawing its own suggestion', async () => {
    const fish = await setUp({ shell: '/usr/bin/fish' });
    await fish.write('git');
    expect(fish.answers.pending).toEqual([]);
    const fishOn = await setUp({ shell: '/usr/bin/fish', mode: 'on' });
    await fishOn.write('git');
    expect(fishOn.answers.pending.map((p) => p.prefix)).toEqual(['git']);
    const zsh = await setUp({ shell: '/usr/bin/zsh' });
    await zsh.write('gi\x1b[38;5;8mt status\x1b[0m\x1b[8D');
    await zsh.write('t');
    expect(zsh.answers.pending).toEqual([]);
  });
});
