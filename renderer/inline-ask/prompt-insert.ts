// SPDX-License-Identifier: MIT

/** What inserting at a prompt needs of a terminal (a TerminalController fits). */
export interface PromptTerminal {
  readonly term: {
    readonly modes: { readonly bracketedPasteMode: boolean };
    onData(listener: (data: string) => void): { dispose(): void };
  };
  /** As the user's paste: bracketed when the shell asked for it, so nothing in it runs. */
  paste(text: string): void;
}

/** The last command inserted in a terminal, and the words it came from: what a second Ctrl+I refines. */
export interface InsertedCommand {
  readonly words: string;
  readonly command: string;
  /** Still exactly as inserted: nothing was typed, pasted or sent to the terminal since. */
  untouched(): boolean;
  /** Stops watching the terminal (the exchange is forgotten). */
  dispose(): void;
}

/** Why a command is not inserted; the box shows it. */
export class InsertRefusedError extends Error {
  readonly code = 'several-lines-unbracketed';
  constructor() {
    super('The command has several lines, and this shell would run each one as it is pasted. Ask for one line.');
    this.name = 'InsertRefusedError';
  }
}

/** Whether `command` can be pasted without running part of it (see insertAtPrompt). */
export const canInsert = (terminal: PromptTerminal, command: string): boolean => !command.includes('\n') || terminal.term.modes.bracketedPasteMode;

/** DEL, what the Backspace key sends: readline, zle, fish and PowerShell's PSReadLine erase one character each. */
const ERASE = '\x7f';

/** Characters as a line editor counts them: code points (an emoji is one, not two UTF-16 units). */
const lengthOf = (text: string): number => [...text].length;

/**
 * Puts `command` at the terminal's prompt without running it. When `previous` is still untouched at
 * the prompt (a refinement), it is erased first with one Backspace per character: the cursor is
 * still right after it, and anything the user had typed before it stays. Anything sent to the
 * terminal since (a key, a click report, Enter) makes it untouchable, and the new command is
 * inserted at the cursor instead. A several-line command is pasted only when the shell brackets
 * pastes: without that, each newline would run a line.
 */
export const insertAtPrompt = (
  terminal: PromptTerminal,
  sendKeys: (data: string) => void,
  words: string,
  command: string,
  previous?: InsertedCommand,
): InsertedCommand => {
  if (!canInsert(terminal, command)) throw new InsertRefusedError();
  if (previous?.untouched()) sendKeys(ERASE.repeat(lengthOf(previous.command)));
  previous?.dispose();
  terminal.paste(command);
  // Watched from after the paste, which xterm reports through onData at once: only what follows counts.
  let touched = false;
  const watch = terminal.term.onData(() => {
    touched = true;
    watch.dispose();
  });
  return {
    words,
    command,
    untouched: () => !touched,
    dispose: () => watch.dispose(),
  };
};
