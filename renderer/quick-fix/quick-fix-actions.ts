// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import type { QuickFixItem } from '../../shared/ipc/commands';
import { usePreviousSessions } from '../state/previous-sessions';
import { useWorkspace } from '../state/workspace';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { controllerFor, isBusy } from '../terminal/terminals';
import { api } from '../transport/api';
import { fixTerminal, insertableAtPrompt } from './quick-fix-logic';

/** The fixes the user's history offers for a failed command, best first (asked only when its list opens). */
export const loadQuickFixes = async (commandId: string): Promise<readonly QuickFixItem[]> => {
  const result = await api.invoke('commands:quick-fixes', { commandId });
  if (!result.ok) throw new Error(result.error.message);
  return result.value.fixes;
};

/** What happened to a chosen fix: put at a prompt, or (no prompt to put it at safely) copied. */
export type InsertOutcome = 'inserted' | 'copied';

/**
 * Puts `line` at the prompt of the terminal `command` ran in (see fixTerminal) without running it,
 * and gives that terminal the keyboard: the user reads it, edits it and presses Enter. Pasted as
 * the user would (bracketed when the shell asked), after what is already typed there. When the
 * terminal runs a program (the paste would be its input) or the line holds a newline the shell
 * would run, the line goes to the clipboard instead. Rejects when no terminal is open.
 */
export const insertFix = async (command: Pick<CommandRecord, 'sessionId'>, line: string): Promise<InsertOutcome> => {
  const { terminals, activeTerminalId } = useWorkspace.getState();
  const id = fixTerminal(command, { terminals, previousOf: usePreviousSessions.getState().previousOf, activeId: activeTerminalId });
  const controller = id ? controllerFor(id) : undefined;
  if (!id || !controller) throw new Error('no terminal is open');
  const busy = (await isBusy(id)) !== undefined;
  if (busy || !insertableAtPrompt(line, controller.term.modes.bracketedPasteMode)) {
    await navigator.clipboard.writeText(line);
    return 'copied';
  }
  useWorkspace.getState().activate(id);
  controller.paste(line);
  controller.focus();
  // Activating may switch tabs: the view mounts a frame later and then takes the focus.
  focusActiveTerminal();
  return 'inserted';
};
