// SPDX-License-Identifier: MIT
import { currentModel } from '../assistant/model/model-choice';
import { activeTerminalId, terminalById } from '../state/workspace';
import { controllerFor } from '../terminal/terminals';
import { api } from '../transport/api';
import { invoke } from '../transport/invoke';
import { useInlineAsk } from './inline-ask-state';
import { gateInsertion, refusalOf } from '../terminal/insert/insert-text';
import { insertAtPrompt, type InsertedCommand } from './prompt-insert';
import { atIdlePrompt } from '../history-search/history-search-logic';
import { useCommands } from '../state/commands';
import { useInsertGate } from '../terminal/insert/insert-state';

const state = () => useInlineAsk.getState();

/** Per terminal, the command last inserted and its words, until the user types there (prompt-insert.ts). */
const inserted = new Map<string, InsertedCommand>();

/** The exchange a new ask in `terminalId` refines: the last insert, if it still sits untouched at the prompt. */
const refinable = (terminalId: string): InsertedCommand | undefined => {
  const last = inserted.get(terminalId);
  if (last?.untouched()) return last;
  last?.dispose();
  inserted.delete(terminalId);
  return undefined;
};

/** Why Ctrl+I is refused in this terminal, shown in the status line. */
const NOT_AT_PROMPT =
  'Ctrl+I asks for a command only at an idle shell prompt: a program is reading this terminal now (or its shell is not integrated), and the command would be typed into it.';

/**
 * Whether the terminal's shell waits at an idle prompt, by the check Ctrl+R makes (atIdlePrompt):
 * in `cat`, a REPL or psql the inserted command would be typed into the program, not the shell.
 */
const atPrompt = (terminalId: string): boolean => {
  const terminal = terminalById(terminalId);
  if (!terminal || terminal.exited) return false;
  const { sessions, bySession } = useCommands.getState();
  return atIdlePrompt(sessions[terminal.sessionId], bySession[terminal.sessionId] ?? []);
};

/**
 * Opens the box over a terminal (the active one by default). Reopened where the last answer still
 * sits untouched at the prompt, it shows the words that gave it, and what is sent refines it. A
 * terminal not at an idle prompt gets no box; the status line says why.
 */
export const openInlineAsk = (terminalId: string | undefined = activeTerminalId()): void => {
  if (!terminalId || !controllerFor(terminalId)) return;
  if (!atPrompt(terminalId)) return useInsertGate.getState().say({ text: NOT_AT_PROMPT, kind: 'refused' });
  if (state().terminalId !== null) closeInlineAsk(false);
  const last = refinable(terminalId);
  state().opened(terminalId, last?.words ?? '', last !== undefined);
};

/** Closes the box, cancelling a request in flight, and gives the keyboard back to its terminal. */
export const closeInlineAsk = (focus = true): void => {
  const { terminalId, requestId } = state();
  if (terminalId === null) return;
  state().closed();
  if (requestId) void invoke('assistant:inline-cancel', { requestId });
  if (focus) controllerFor(terminalId)?.focus();
};

/** Sends the words (Enter); the answer is inserted at the prompt, never run, and the box closes. */
export const sendInlineAsk = async (): Promise<void> => {
  const { terminalId, words, status } = state();
  if (terminalId === null || status === 'thinking' || words.trim() === '') return;
  const terminal = terminalById(terminalId);
  const model = currentModel();
  if (!terminal) return state().failed('This terminal is closed.');
  if (!model) return state().failed('No model is set up: choose one in Settings → Assistant.');
  const previous = refinable(terminalId);
  const requestId = crypto.randomUUID();
  state().thinking(requestId);
  const result = await invoke('assistant:inline-ask', {
    requestId,
    sessionId: terminal.sessionId,
    shell: terminal.shell.slice(0, 200),
    words: words.trim(),
    model,
    ...(previous ? { previous: { words: previous.words, command: previous.command } } : {}),
  });
  // Closed, or asked again, meanwhile: this answer is no longer wanted.
  if (state().requestId !== requestId) return;
  if (!result.ok) return state().failed(result.error.message);
  const controller = controllerFor(terminalId);
  if (!controller) return state().failed('This terminal is closed.');
  // A program may have started there while the model answered: it would read the command.
  if (!atPrompt(terminalId)) return state().failed(NOT_AT_PROMPT);
  const { command } = result.value;
  const refused = refusalOf(gateInsertion(command), controller.term.modes.bracketedPasteMode);
  if (refused) return state().failed(refused);
  // The terminal first: a shell that asked for focus reports must not see its report as typing after the insert.
  state().closed();
  controller.focus();
  const typed = (data: string) => api.send('pty:input', { id: terminalId, data });
  const exchange = await insertAtPrompt(controller, typed, words.trim(), command, previous);
  if (exchange) inserted.set(terminalId, exchange);
};
