// SPDX-License-Identifier: MIT
import { Terminal as Headless } from '@xterm/headless';
import type { Terminal } from '@xterm/xterm';
import { describe, expect, it } from 'vitest';
import bash from '../../../tests/fixtures/prompt-input/bash.json';
import fish from '../../../tests/fixtures/prompt-input/fish.json';
import type { RecordedItem, RecordedShell } from '../../../tests/fixtures/prompt-input/prompt-input-scenarios';
import zsh from '../../../tests/fixtures/prompt-input/zsh.json';
import { PromptInputModel } from './prompt-input-model';

/**
 * Replays what real bash, zsh and fish sent while a line was edited (recorded with
 * tests/fixtures/prompt-input/record-prompt-input.ts: output and marks in stream order, as the
 * renderer gets them) and checks the model against the line the shell held at each step.
 */
const replay = async (recorded: RecordedShell) => {
  const term = new Headless({ cols: recorded.cols, rows: 12, scrollback: 1000, allowProposedApi: true }) as unknown as Terminal;
  const model = new PromptInputModel(term);
  const play = async (items: readonly RecordedItem[]) => {
    for (const item of items) {
      if ('mark' in item) model.applyMark({ kind: item.mark, commandId: null, exitCode: null });
      else term.write(Uint8Array.from(atob(item.data), (c) => c.charCodeAt(0)));
    }
    await new Promise<void>((resolve) => term.write('', resolve));
  };
  await play(recorded.start);
  const seen: Array<{ name: string; line: { text: string; cursor: number } | null }> = [];
  for (const step of recorded.steps) {
    await play(step.items);
    const snapshot = model.snapshot();
    seen.push({ name: step.name, line: snapshot?.certain ? { text: snapshot.text, cursor: snapshot.cursor } : null });
  }
  return seen;
};

describe.each([
  ['bash', bash],
  ['zsh', zsh],
  ['fish', fish],
] as const)('the prompt-input model over a recorded %s', (_name, recorded) => {
  it('holds the line the shell holds: typing, editing keys, history, a wrap, a paste, Tab, multi-line, a command running', async () => {
    const seen = await replay(recorded as RecordedShell);
    expect(seen).toEqual((recorded as RecordedShell).steps.map((step) => ({ name: step.name, line: step.expect })));
  });
});
