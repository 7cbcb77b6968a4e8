// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';
import { confirmInsertion, useInsertGate } from './insert-state';
import { changeSummary, gateInsertion, insertionData, needsConfirmation, refusalOf, type Insertion } from './insert-text';

/** What the gate needs of a terminal (TerminalController provides it). */
export interface InsertTarget {
  /** Whether the program asked for bracketed paste (xterm's `modes.bracketedPasteMode`), read when typing. */
  bracketedPaste(): boolean;
  /** Sends data to the pty as the user's input. */
  type(data: string): void;
  focus(): void;
}

/**
 * An xterm.js terminal as a target: typed through `term.input` as user input (after `note`, which
 * tells the terminal's input clock a user event happened), never through `term.paste`, which adds
 * its own bracket and turns LF into CR.
 */
export const xtermInsertTarget = (term: Pick<Terminal, 'modes' | 'input' | 'focus'>, note: () => void): InsertTarget => ({
  bracketedPaste: () => term.modes.bracketedPasteMode,
  type: (data) => {
    note();
    term.input(data, true);
  },
  focus: () => term.focus(),
});

export interface InsertOptions {
  /** The dialog's title, saying where the text comes from. */
  readonly title?: string;
  /** `always`: shown and confirmed even when it is one plain line (an answer's code block). */
  readonly confirm?: 'always' | 'when-needed';
  /** Runs right before the text is typed, after any confirmation (Ctrl+I erases the command it refines). */
  readonly before?: () => void;
}

type InsertOutcome = 'inserted' | 'cancelled' | 'refused' | 'empty';

export interface InsertResult {
  readonly outcome: InsertOutcome;
  readonly insertion: Insertion;
}

/**
 * The one way text is put at a prompt without running it: Ctrl+R, quick fixes, an
 * answer's Insert, Ctrl+I, paste, drop and the palette's Paste all come here. The text goes through
 * the gate's rules (insert-text.ts): controls removed, several lines or hidden characters shown
 * whole and confirmed first, several lines typed only inside one bracketed paste, never a CR. The
 * status line says when the text was changed or refused, and is cleared by a plain insertion.
 */
export const insertText = async (target: InsertTarget, raw: string, options: InsertOptions = {}): Promise<InsertResult> => {
  const insertion = gateInsertion(raw);
  const { say } = useInsertGate.getState();
  if (insertion.text.trim() === '') return { outcome: 'empty', insertion };
  const refused = (): InsertResult => {
    say({ text: refusalOf(insertion, false) ?? 'Not inserted.', kind: 'refused' });
    return { outcome: 'refused', insertion };
  };
  if (refusalOf(insertion, target.bracketedPaste())) return refused();
  if (options.confirm === 'always' || needsConfirmation(insertion)) {
    const confirmed = await confirmInsertion(insertion, options.title ?? 'Insert');
    target.focus();
    if (!confirmed) return { outcome: 'cancelled', insertion };
  }
  // Read again: the program at the prompt may have changed while the dialog was open.
  const data = insertionData(insertion, target.bracketedPaste());
  if (data === undefined) return refused();
  options.before?.();
  target.type(data);
  const changed = changeSummary(insertion);
  say(changed ? { text: changed, kind: 'changed' } : undefined);
  return { outcome: 'inserted', insertion };
};
