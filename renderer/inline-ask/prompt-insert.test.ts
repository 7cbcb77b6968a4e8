// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { insertAtPrompt, InsertRefusedError, type PromptTerminal } from './prompt-insert';

/** A terminal that records what reaches its pty: pastes (which xterm echoes through onData) and keys. */
const fakeTerminal = (bracketed = true) => {
  const sent: string[] = [];
  const listeners = new Set<(data: string) => void>();
  const emit = (data: string) => {
    sent.push(data);
    for (const listener of [...listeners]) listener(data);
  };
  const terminal: PromptTerminal = {
    term: {
      modes: { bracketedPasteMode: bracketed },
      onData: (listener) => {
        listeners.add(listener);
        return { dispose: () => listeners.delete(listener) };
      },
    },
    paste: (text) => emit(bracketed ? `\x1b[200~${text}\x1b[201~` : text),
  };
  return { terminal, sent, type: emit, keys: (data: string) => emit(data), listeners };
};

describe('insertAtPrompt', () => {
  it('pastes the command and sends no Enter', () => {
    const { terminal, sent, keys } = fakeTerminal();
    const inserted = insertAtPrompt(terminal, keys, 'list tmp', 'ls -la /tmp');
    expect(sent).toEqual(['\x1b[200~ls -la /tmp\x1b[201~']);
    expect(sent.join('')).not.toMatch(/[\r\n]/);
    expect(inserted).toMatchObject({ words: 'list tmp', command: 'ls -la /tmp' });
    expect(inserted.untouched()).toBe(true);
  });

  it('replaces an untouched earlier command with one Backspace per character', () => {
    const { terminal, sent, keys } = fakeTerminal();
    const first = insertAtPrompt(terminal, keys, 'list', 'ls 📁');
    insertAtPrompt(terminal, keys, 'hidden too', 'ls -a', first);
    expect(sent.slice(1)).toEqual(['\x7f'.repeat(4), '\x1b[200~ls -a\x1b[201~']);
  });

  it('inserts at the cursor, erasing nothing, once the user typed after the earlier command', () => {
    const { terminal, sent, keys, type, listeners } = fakeTerminal();
    const first = insertAtPrompt(terminal, keys, 'list', 'ls');
    type(' | wc -l');
    expect(first.untouched()).toBe(false);
    expect(listeners.size).toBe(0);
    insertAtPrompt(terminal, keys, 'count', 'ls | wc -l', first);
    expect(sent.some((data) => data.includes('\x7f'))).toBe(false);
  });

  it('refuses a several-line command when the shell does not bracket pastes, and pastes it when it does', () => {
    const plain = fakeTerminal(false);
    expect(() => insertAtPrompt(plain.terminal, plain.keys, 'w', 'cd src\nmake')).toThrow(InsertRefusedError);
    expect(plain.sent).toEqual([]);
    const bracketed = fakeTerminal(true);
    insertAtPrompt(bracketed.terminal, bracketed.keys, 'w', 'cd src\nmake');
    expect(bracketed.sent).toEqual(['\x1b[200~cd src\nmake\x1b[201~']);
  });

  it('stops watching the terminal when the exchange is forgotten', () => {
    const { terminal, keys, listeners } = fakeTerminal();
    insertAtPrompt(terminal, keys, 'w', 'ls').dispose();
    expect(listeners.size).toBe(0);
  });
});
