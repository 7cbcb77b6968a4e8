// SPDX-License-Identifier: MIT
import { Terminal as Headless } from '@xterm/headless';
import type { Terminal } from '@xterm/xterm';
import { describe, expect, it } from 'vitest';
import type { TerminalMark } from '../../../shared/ipc/pty';
import { PromptInputModel, type PromptInputSnapshot } from './prompt-input-model';

const mark = (kind: TerminalMark['kind']): TerminalMark => ({ kind, commandId: null, exitCode: null });

/** A headless xterm.js (the renderer's parser and buffer) with the model on it. */
const setUp = (cols = 20) => {
  const term = new Headless({ cols, rows: 6, scrollback: 100, allowProposedApi: true }) as unknown as Terminal;
  const model = new PromptInputModel(term);
  const seen: Array<PromptInputSnapshot | null> = [];
  model.onDidChange((snapshot) => seen.push(snapshot));
  const write = (data: string) => new Promise<void>((resolve) => term.write(data, resolve));
  const apply = (kind: TerminalMark['kind']) => {
    model.applyMark(mark(kind));
    return write('');
  };
  const prompt = async (text = '$ ') => {
    await apply('prompt');
    await write(text);
    await apply('input-start');
  };
  return { term, model, seen, write, apply, prompt };
};

describe('PromptInputModel', () => {
  it('knows nothing before a prompt, and reads what is typed after its end', async () => {
    const { model, write, prompt } = setUp();
    await write('hello\r\n');
    expect(model.snapshot()).toBeNull();
    await prompt();
    expect(model.snapshot()).toMatchObject({ text: '', cursor: 0, atEnd: true, certain: true, promptCol: 2 });
    await write('git st');
    expect(model.snapshot()).toMatchObject({ text: 'git st', cursor: 6, atEnd: true, certain: true });
  });

  it('follows the cursor left and keeps the text after it, and typed trailing spaces', async () => {
    const { model, write, prompt } = setUp();
    await prompt();
    await write('git  ');
    expect(model.snapshot()).toMatchObject({ text: 'git  ', cursor: 5, atEnd: true });
    await write('x\b\b\b\b');
    expect(model.snapshot()).toMatchObject({ text: 'git  x', cursor: 2, atEnd: false });
  });

  it('joins a wrapped line into one', async () => {
    const { model, write, prompt } = setUp(10);
    await prompt();
    await write('echo 0123456789abc');
    expect(model.snapshot()).toMatchObject({ text: 'echo 0123456789abc', cursor: 18, atEnd: true, certain: true });
  });

  it('is gone while a command runs and back at the next prompt', async () => {
    const { model, write, apply, prompt, seen } = setUp();
    await prompt();
    await write('ls\r\n');
    await apply('command-start');
    expect(model.snapshot()).toBeNull();
    await write('a b\r\n');
    await apply('command-end');
    await prompt();
    expect(model.snapshot()).toMatchObject({ text: '', certain: true });
    expect(seen.at(-1)).toEqual(model.snapshot());
  });

  it('is unsure in the alternate screen', async () => {
    const { model, write, prompt } = setUp();
    await prompt();
    await write('\x1b[?1049h');
    expect(model.snapshot()).toMatchObject({ certain: false });
    await write('\x1b[?1049l');
    expect(model.snapshot()).toMatchObject({ certain: true });
  });

  it("keeps the shell's own dim suggestion out of the text", async () => {
    const { model, write, prompt } = setUp(40);
    await prompt();
    await write('git s\x1b[90mtatus\x1b[0m\x1b[5D');
    expect(model.snapshot()).toMatchObject({ text: 'git s', cursor: 5, atEnd: true, shellSuggestion: 'tatus', certain: true });
  });
});
