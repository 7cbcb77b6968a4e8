// SPDX-License-Identifier: MIT
import { Terminal as Headless } from '@xterm/headless';
import type { Terminal } from '@xterm/xterm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PromptInputModel } from './prompt-input-model';

type Key = { type: 'char'; char: string } | { type: 'left' | 'right' | 'home' | 'end' | 'backspace' | 'delete' };

/** A reference line editor: the truth the model must read back off the screen. */
const edit = (line: { text: string; cursor: number }, key: Key): { text: string; cursor: number } => {
  const { text, cursor } = line;
  switch (key.type) {
    case 'char':
      return { text: text.slice(0, cursor) + key.char + text.slice(cursor), cursor: cursor + 1 };
    case 'left':
      return { text, cursor: Math.max(0, cursor - 1) };
    case 'right':
      return { text, cursor: Math.min(text.length, cursor + 1) };
    case 'home':
      return { text, cursor: 0 };
    case 'end':
      return { text, cursor: text.length };
    case 'backspace':
      return cursor === 0 ? line : { text: text.slice(0, cursor - 1) + text.slice(cursor), cursor: cursor - 1 };
    case 'delete':
      return { text: text.slice(0, cursor) + text.slice(cursor + 1), cursor };
  }
};

const COLS = 16;
const PROMPT = '~/src $ ';

/** How a line editor redraws: from the prompt's end, the whole line, erase below, cursor put back. */
const redraw = (line: { text: string; cursor: number }): string => {
  const at = PROMPT.length + line.cursor;
  return `\x1b[1;${PROMPT.length + 1}H${line.text}\x1b[J\x1b[${1 + Math.floor(at / COLS)};${1 + (at % COLS)}H`;
};

const key: fc.Arbitrary<Key> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...'abc xyz-/'.split('')).map((char) => ({ type: 'char' as const, char })) },
  { weight: 2, arbitrary: fc.constantFrom('left', 'right', 'home', 'end', 'backspace', 'delete').map((type) => ({ type }) as Key) },
);

describe('the prompt-input model against a reference line editor', () => {
  it('reads back the text and cursor after any sequence of edits, wraps included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(key, { maxLength: 60 }), async (keys) => {
        const term = new Headless({ cols: COLS, rows: 10, allowProposedApi: true }) as unknown as Terminal;
        const model = new PromptInputModel(term);
        const write = (data: string) => new Promise<void>((resolve) => term.write(data, resolve));
        model.applyMark({ kind: 'prompt', commandId: null, exitCode: null });
        await write(PROMPT);
        model.applyMark({ kind: 'input-start', commandId: null, exitCode: null });
        let line = { text: '', cursor: 0 };
        for (const k of keys) {
          line = edit(line, k);
          await write(redraw(line));
        }
        await write('');
        // Blanks after the cursor at the end of the line look like the empty rest of the row.
        const shown = line.text.slice(0, Math.max(line.cursor, line.text.trimEnd().length));
        expect(model.snapshot()).toMatchObject({ text: shown, cursor: line.cursor, certain: true, atEnd: line.cursor === shown.length });
        term.dispose();
      }),
      { numRuns: 150 },
    );
  });
});
