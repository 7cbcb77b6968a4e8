// SPDX-License-Identifier: MIT
import type { IDisposable } from '../lifetime/disposable';
import { terminalById } from '../state/workspace';
import type { PromptInputSnapshot } from '../terminal/prompt-input/prompt-input-model';
import { controllerFor, promptInputFor } from '../terminal/terminals';
import { api } from '../transport/api';
import { invoke } from '../transport/invoke';
import { MAX_COMPLETION_LINE } from '../../shared/ipc/session';
import { filterItems, insertionFor, splitTyped } from './completion-logic';
import { useCompletion } from './completion-state';

const state = () => useCompletion.getState();

/** Numbers each question: an answer overtaken by typing (a newer question) is dropped. */
let latest = 0;
let watching: IDisposable | undefined;
/** Keys typed into the terminal while the menu is open whose echo the screen has not shown yet. */
let unechoed = false;
let echoed: (() => void) | undefined;
/** How long Enter waits for typed keys to reach the screen before it inserts anyway. */
const ECHO_WAIT_MS = 1000;

/** The line at `terminalId`'s prompt when a menu may show there: a certain snapshot, the cursor at its end. */
const typedLine = (terminalId: string): PromptInputSnapshot | undefined => {
  const snapshot = promptInputFor(terminalId)?.snapshot();
  return snapshot && snapshot.certain && snapshot.atEnd ? snapshot : undefined;
};

/** Whether Ctrl+Space in `terminalId` opens the menu: a live terminal waiting at a prompt it can read. */
export const completionOpensIn = (terminalId: string): boolean => {
  const terminal = terminalById(terminalId);
  return terminal !== undefined && !terminal.exited && typedLine(terminalId) !== undefined;
};

const ask = async (terminalId: string, line: string): Promise<void> => {
  const asked = ++latest;
  const result = await invoke('completion:list', { terminalId, line: line.slice(-MAX_COMPLETION_LINE) });
  if (asked !== latest || state().terminalId !== terminalId) return;
  if (!result.ok) return state().answered([], [], 'failed');
  state().answered(result.value.items, filterItems(result.value.items, state().word), result.value.unavailable ?? null);
};

/**
 * Follows the typing while the menu is open: a changed word re-filters what main offered; a changed
 * head (a space, an earlier word edited) asks again; a line the model cannot vouch for, or the cursor
 * leaving the line's end, closes the menu.
 */
const follow = (terminalId: string, snapshot: PromptInputSnapshot | null): void => {
  unechoed = false;
  echoed?.();
  if (!snapshot || !snapshot.certain || !snapshot.atEnd) return closeCompletion(false);
  const { head, word } = splitTyped(snapshot.text);
  if (head !== state().head) {
    state().asking(head, word);
    void ask(terminalId, snapshot.text);
  } else if (word !== state().word) state().typed(word, filterItems(state().items, word));
};

/** Opens the menu at the cursor of `terminalId` (Ctrl+Space, or the palette) and asks main for items. */
export const openCompletion = (terminalId: string | undefined): void => {
  if (!terminalId || !completionOpensIn(terminalId)) return;
  const snapshot = typedLine(terminalId)!;
  closeCompletion(false);
  const { head, word } = splitTyped(snapshot.text);
  state().opened(terminalId, head, word);
  watching = promptInputFor(terminalId)?.onDidChange((next) => follow(terminalId, next));
  void ask(terminalId, snapshot.text);
};

/** Closes the menu; the keyboard never left the terminal, so there is nothing to give back. */
export const closeCompletion = (focus = true): void => {
  const { terminalId } = state();
  watching?.dispose();
  watching = undefined;
  latest++;
  unechoed = false;
  echoed?.();
  if (terminalId === null) return;
  state().closed();
  if (focus) controllerFor(terminalId)?.focus();
};

export const moveCompletion = (delta: number): void => state().select(state().selected + delta);

/** A key went on to the shell while the menu is open: until its echo shows, the word on screen is behind. */
export const noteTypedAhead = (): void => {
  unechoed = true;
};

/** Resolves once the screen shows what was typed (the next change of the line), or after ECHO_WAIT_MS. */
const untilEchoed = (): Promise<void> =>
  unechoed
    ? new Promise((resolve) => {
        const timer = setTimeout(() => done(), ECHO_WAIT_MS);
        const done = () => {
          clearTimeout(timer);
          echoed = undefined;
          resolve();
        };
        echoed = done;
      })
    : Promise.resolve();

/**
 * Types the selected item at the prompt through the input gate, never run: once keys typed just
 * before have reached the screen, the word under the cursor is erased first (backspaces, only when the item does not simply continue it), then the
 * item goes in as typed input.
 */
export const acceptCompletion = async (index = state().selected): Promise<void> => {
  // Enter right after typing: the word to replace is read off the screen, so wait for the echo.
  const chosen = state().shown[index];
  await untilEchoed();
  const { terminalId, shown, word } = state();
  // The echo may have re-filtered the list: keep the item the user chose, if it is still there.
  const item = shown.find((candidate) => candidate === chosen) ?? (chosen && shown.find((candidate) => candidate.text === chosen.text));
  if (terminalId === null || !item) return;
  const controller = controllerFor(terminalId);
  closeCompletion(false);
  if (!controller) return;
  controller.focus();
  const { erase, text } = insertionFor(word, item);
  const before = erase > 0 ? () => api.send('pty:input', { id: terminalId, data: '\x7f'.repeat(erase) }) : undefined;
  await controller.insert(text, { title: 'Completion', ...(before ? { before } : {}) });
};
