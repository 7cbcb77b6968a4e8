// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import type { ForgetRequest, ForgetResult } from '../../shared/ipc/history';
import type { Result } from '../../shared/ipc';
import { refreshContext } from '../assistant/context/context-actions';
import { openConversation } from '../assistant/conversation/conversation-actions';
import { useAssistant } from '../assistant/store/assistant-store';
import { useCommands } from '../state/commands';
import { api } from '../transport/api';
import { invoke } from '../transport/invoke';
import { forgottenBy, scopeOfRequest, sessionOfCommandId, type Forgettable, type ForgottenScope } from '../state/forgotten';

type Gone = (command: Forgettable) => boolean;
const listeners = new Set<(gone: Gone) => void>();

/** Lists held outside the stores (search results) drop forgotten commands through this; returns the unsubscribe. */
export const onForgotten = (listener: (gone: Gone) => void): (() => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Where a chip's command started: the chip knows if it was attached from a list; else the list may. */
const startOf = (commandId: string, known: number | undefined): number | undefined =>
  known ?? useCommands.getState().bySession[sessionOfCommandId(commandId)]?.find((c) => c.id === commandId)?.startedAt;

/**
 * Takes forgotten commands out of everything this window shows: the commands lists and selection,
 * search results, the composer's chips, and the open conversation's record of what was attached.
 */
const applyForgotten = (scope: ForgottenScope): void => {
  const gone = forgottenBy(scope);
  const assistant = useAssistant.getState();
  // Chips first: a range needs the start times the commands lists still hold.
  const chips = assistant.attachments.filter((a) =>
    gone({ id: a.commandId, sessionId: sessionOfCommandId(a.commandId), startedAt: startOf(a.commandId, a.startedAt) }),
  );
  useCommands.getState().forget(gone);
  for (const listener of listeners) listener(gone);
  for (const chip of chips) assistant.detach(chip.commandId);
  if (chips.length > 0) void refreshContext();
  // The main process removed forgotten attachments from stored messages: re-read them if any may be shown.
  const shown = assistant.messages.some((m) =>
    m.attachments.some((a) => scope.range !== null || gone({ id: a.commandId, sessionId: sessionOfCommandId(a.commandId) })),
  );
  if (shown && assistant.conversationId) void openConversation(assistant.conversationId);
};

/** Forgets for good; the lists here are cleared at once, and every window again on the broadcast. */
export const forget = async (request: ForgetRequest): Promise<Result<ForgetResult>> => {
  const result = await invoke('history:forget', request);
  if (result.ok) applyForgotten(scopeOfRequest(request));
  return result;
};

/** How long "Forget this command" can be undone before main erases the bytes. */
export const FORGET_UNDO_MS = 5000;

/** Commands this window forgot that main has not erased yet: hidden here, kept for undo. */
const pending = new Map<string, CommandRecord>();

/** Whether a command is waiting out its undo window (search results leave it out). */
export const isForgetPending = (commandId: string): boolean => pending.has(commandId);

/**
 * Forgets one command with a few seconds to take it back: it leaves this window at once, main
 * erases it (and tells every window) when the time is up, or at shutdown.
 */
export const forgetWithUndo = async (command: CommandRecord): Promise<Result<ForgetResult>> => {
  pending.set(command.id, command);
  applyForgotten(scopeOfRequest({ commandIds: [command.id] }));
  const result = await invoke('history:forget', { commandIds: [command.id], undoMs: FORGET_UNDO_MS });
  if (!result.ok && pending.delete(command.id)) useCommands.getState().upsert(command);
  return result;
};

/** Takes a forget back while main still waits; true when the command is back in the lists. */
export const undoForget = async (command: CommandRecord): Promise<boolean> => {
  const result = await invoke('history:forget-undo', { commandIds: [command.id] });
  const restored = result.ok && result.value.restored.includes(command.id);
  if (pending.delete(command.id) && restored) useCommands.getState().upsert(command);
  return restored;
};

/** Follows forgets made in any window (this one included) for the window's lifetime. */
export const startHistorySync = (): (() => void) =>
  api.on('history:forgotten', (scope) => {
    for (const id of scope.commandIds) pending.delete(id);
    applyForgotten(scope);
  });
