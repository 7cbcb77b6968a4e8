// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import type { QuickFixItem } from '../../shared/ipc/commands';
import { usePreviousSessions } from '../state/previous-sessions';
import { useWorkspace } from '../state/workspace';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { controllerFor, isBusy } from '../terminal/terminals';
import { api } from '../transport/api';
import { fixTerminal } from './quick-fix-logic';

/** The fixes the user's history offers for a failed command, best first (asked only when its list opens). */
export const loadQuickFixes = async (commandId: string): Promise<readonly QuickFixItem[]> => {
  const result = await api.invoke('commands:quick-fixes', { commandId });
  if (!result.ok) throw new Error(result.error.message);
  return result.value.fixes;
};

/** What happened to a chosen fix: put at a prompt, copied (no prompt to put it at safely), or not inserted after all. */
export type InsertOutcome = 'inserted' | 'copied' | 'cancelled';

/**
 * Puts `line` at the prompt of the terminal `command` ran in (see fixTerminal) without running it,
 * and gives that terminal the keyboard: the user reads it, edits it and presses Enter. Typed through
 * the input gate (controls removed, several lines shown and confirmed first, one bracketed paste),
 * after what is already typed there. When the terminal runs a program (the text would be its input)
 * or the gate refuses the line (several lines, and no bracketed paste), it goes to the clipboard
 * instead. Rejects when no terminal is open.
 */
export const insertFix = async (command: Pick<CommandRecord, 'sessionId'>, line: string): Promise<InsertOutcome> => {
  const { terminals, activeTerminalId } = useWorkspace.getState();
  const id = fixTerminal(command, { terminals, previousOf: usePreviousSessions.getState().previousOf, activeId: activeTerminalId });
  const controller = id ? controllerFor(id) : undefined;
  if (!id || !controller) throw new Error('no terminal is open');
  const copy = async (): Promise<InsertOutcome> => {
    await navigator.clipboard.writeText(line);
    return 'copied';
  };
  if ((await isBusy(id)) !== undefined) return copy();
  useWorkspace.getState().activate(id);
  const { outcome } = await controller.insert(line, { title: 'Quick fix' });
  if (outcome === 'refused') return copy();
  if (outcome !== 'inserted') return 'cancelled';
  controller.focus();
  // Activating may switch tabs: the view mounts a frame later and then takes the focus.
  focusActiveTerminal();
  return 'inserted';
};
