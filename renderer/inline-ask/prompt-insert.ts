// SPDX-License-Identifier: MIT
import type { InsertOptions, InsertResult } from '../terminal/insert/insert-into';

/** What inserting at a prompt needs of a terminal (a TerminalController fits). */
export interface PromptTerminal {
  readonly term: {
    onData(listener: (data: string) => void): { dispose(): void };
  };
  /** The input gate (renderer/terminal/insert): never runs; several lines are shown whole and confirmed first. */
  insert(text: string, options?: InsertOptions): Promise<InsertResult>;
}

/** The last command inserted in a terminal, and the words it came from: what a second Ctrl+I refines. */
export interface InsertedCommand {
  readonly words: string;
  /** The command as typed at the prompt (after the gate). */
  readonly command: string;
  /** Still exactly as inserted: nothing was typed, pasted or sent to the terminal since. */
  untouched(): boolean;
  /** Stops watching the terminal (the exchange is forgotten). */
  dispose(): void;
}

/** DEL, what the Backspace key sends: readline, zle, fish and PowerShell's PSReadLine erase one character each. */
const ERASE = '\x7f';

/** Characters as a line editor counts them: code points (an emoji is one, not two UTF-16 units). */
const lengthOf = (text: string): number => [...text].length;

/**
 * Puts `command` at the terminal's prompt without running it, through the input gate: a several-line
 * answer is shown whole and typed only once confirmed (a payload line above 90 comment
 * lines was inserted with only the last lines in view). When `previous` is still untouched at the
 * prompt (a refinement), it is erased first, right before the new command is typed, with one
 * Backspace per character: the cursor is still right after it, and anything typed before it stays.
 * Anything sent to the terminal since (a key, a click report, Enter) makes it untouchable, and the
 * new command is inserted at the cursor instead. Resolves to the new exchange, or to `previous`
 * when nothing was inserted (cancelled or refused), which then still stands.
 */
export const insertAtPrompt = async (
  terminal: PromptTerminal,
  sendKeys: (data: string) => void,
  words: string,
  command: string,
  previous?: InsertedCommand,
): Promise<InsertedCommand | undefined> => {
  const erase = () => {
    if (previous?.untouched()) sendKeys(ERASE.repeat(lengthOf(previous.command)));
  };
  const { outcome, insertion } = await terminal.insert(command, { title: 'Ctrl+I answer', before: erase });
  if (outcome !== 'inserted') return previous;
  previous?.dispose();
  // Watched from after the insert, which xterm reports through onData at once: only what follows counts.
  let touched = false;
  const watch = terminal.term.onData(() => {
    touched = true;
    watch.dispose();
  });
  return {
    words,
    command: insertion.text,
    untouched: () => !touched,
    dispose: () => watch.dispose(),
  };
};
