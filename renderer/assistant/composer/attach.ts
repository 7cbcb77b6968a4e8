// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';
import { useCommands } from '../../state/commands';
import { refreshContext } from '../context/context-actions';
import { useAssistant } from '../store/assistant-store';
import { attachmentOf, lastFailed } from '../store/attachments';

/** Attaches a command to the composer, opening the pane so the new chip is seen. */
export const attachRecord = (command: Pick<CommandRecord, 'id' | 'commandLine' | 'exitCode'> & { readonly startedAt?: number }): void => {
  const assistant = useAssistant.getState();
  const before = assistant.attachments;
  assistant.attach(attachmentOf(command));
  if (!assistant.open) assistant.setOpen(true);
  if (useAssistant.getState().attachments !== before) void refreshContext();
};

/** For a gutter decoration, which knows only the id (`{sessionId}:{seq}`). */
export const attachCommand = (commandId: string): void => {
  const sessionId = commandId.slice(0, commandId.lastIndexOf(':'));
  const record = useCommands.getState().bySession[sessionId]?.find((c) => c.id === commandId);
  attachRecord(record ?? { id: commandId, commandLine: null, exitCode: null });
};

/** The newest failed command of the active terminal's session; false when there is none. */
export const attachLastFailed = (sessionId: string | undefined): boolean => {
  const failed = sessionId ? lastFailed(useCommands.getState().bySession[sessionId] ?? []) : undefined;
  if (failed) attachRecord(failed);
  return failed !== undefined;
};

/** Removes a chip; the list's highlight goes with it, since the highlight is how a click attached it. */
export const detach = (commandId: string): void => {
  useAssistant.getState().detach(commandId);
  useCommands.getState().deselect([commandId]);
  void refreshContext();
};
