// SPDX-License-Identifier: MIT
import { beforeEach, describe, expect, it } from 'vitest';
import { insertText, type InsertTarget } from './insert-into';
import { useInsertGate } from './insert-state';

const target = (bracketed = true) => {
  const typed: string[] = [];
  let mode = bracketed;
  const t: InsertTarget & { typed: string[]; setMode(on: boolean): void } = {
    typed,
    bracketedPaste: () => mode,
    type: (data) => typed.push(data),
    focus: () => undefined,
    setMode: (on) => (mode = on),
  };
  return t;
};

const pending = () => useInsertGate.getState().pending;
const answer = (confirmed: boolean) => useInsertGate.getState().answer(pending()!.id, confirmed);
const notice = () => useInsertGate.getState().notice;

beforeEach(() => useInsertGate.setState({ pending: undefined, notice: undefined }));

describe('insertText, the one way text is put at a prompt', () => {
  it('types one plain line at once, and clears an earlier notice', async () => {
    useInsertGate.getState().say({ text: 'old', kind: 'changed' });
    const t = target(false);
    expect((await insertText(t, 'git status\n')).outcome).toBe('inserted');
    expect(t.typed).toEqual(['git status']);
    expect(notice()).toBeUndefined();
  });

  it('types a changed line and says so in the status line', async () => {
    const t = target();
    await insertText(t, 'ls\x1b[31m');
    expect(t.typed).toEqual(['\x1b[200~ls[31m\x1b[201~']);
    expect(notice()).toEqual({ kind: 'changed', text: 'The inserted text was changed: removed 1 control character (␛).' });
  });

  it('asks before several lines, types nothing when cancelled, and one bracketed paste when confirmed', async () => {
    const t = target();
    const cancelled = insertText(t, 'cd src\nmake', { title: 'Quick fix' });
    expect(pending()?.title).toBe('Quick fix');
    answer(false);
    expect((await cancelled).outcome).toBe('cancelled');
    expect(t.typed).toEqual([]);
    const confirmed = insertText(t, 'cd src\r\nmake');
    answer(true);
    expect((await confirmed).outcome).toBe('inserted');
    expect(t.typed).toEqual(['\x1b[200~cd src\nmake\x1b[201~']);
  });

  it('refuses several lines where the program stopped asking for bracketed paste while the dialog was open', async () => {
    const t = target();
    const asked = insertText(t, 'a\nb');
    t.setMode(false);
    answer(true);
    expect((await asked).outcome).toBe('refused');
    expect(t.typed).toEqual([]);
    expect(notice()?.kind).toBe('refused');
  });

  it('asks always when told to (an answer’s code block), and a newer request cancels an older one', async () => {
    const t = target();
    const first = insertText(t, 'ls', { confirm: 'always' });
    const second = insertText(t, 'pwd', { confirm: 'always' });
    expect((await first).outcome).toBe('cancelled');
    answer(true);
    expect((await second).outcome).toBe('inserted');
    expect(t.typed).toEqual(['\x1b[200~pwd\x1b[201~']);
  });

  it('types nothing for text that is empty once gated', async () => {
    const t = target();
    expect((await insertText(t, '\x1b\x07\r\n')).outcome).toBe('empty');
    expect(t.typed).toEqual([]);
  });
});
