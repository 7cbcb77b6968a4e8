// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import type { EventPayload } from '../../shared/ipc';
import type { ForgetRequest } from '../../shared/ipc/history';

/** What was forgotten, as `history:forgotten` names it: commands, whole sessions, or a time span. */
export type ForgottenScope = EventPayload<'history:forgotten'>;

/** What deciding needs: a command record, or what an attachment knows of one. */
export type Forgettable = Pick<CommandRecord, 'id' | 'sessionId'> & { readonly startedAt?: number | undefined };

/** A command id is `{sessionId}:{seq}`: the session is everything before the last colon. */
export const sessionOfCommandId = (commandId: string): string => commandId.slice(0, commandId.lastIndexOf(':'));

/**
 * Whether a command is gone under `scope`. A range covers commands that started in
 * [sinceMs, untilMs); one whose start is unknown is gone only when the range reaches back to the
 * beginning (anything recorded started after 0 and, having been seen, before the forget).
 */
export const forgottenBy = (scope: ForgottenScope): ((command: Forgettable) => boolean) => {
  const ids = new Set(scope.commandIds);
  const sessions = new Set(scope.sessionIds);
  const range = scope.range;
  return (command) => {
    if (ids.has(command.id) || sessions.has(command.sessionId)) return true;
    if (!range) return false;
    if (command.startedAt === undefined) return range.sinceMs <= 0;
    return command.startedAt >= range.sinceMs && command.startedAt < range.untilMs;
  };
};

/**
 * The scope a request of ours covers, to clear the lists at once instead of waiting for the
 * broadcast (which follows, and clears the same again). An open-ended range runs to "now and on".
 */
export const scopeOfRequest = (request: ForgetRequest): ForgottenScope => {
  if ('commandIds' in request) return { commandIds: request.commandIds, sessionIds: [], range: null };
  if ('sessionId' in request) return { commandIds: [], sessionIds: [request.sessionId], range: null };
  return { commandIds: [], sessionIds: [], range: { sinceMs: request.sinceMs, untilMs: request.untilMs ?? Number.POSITIVE_INFINITY } };
};

/** The per-session lists without the forgotten commands; untouched lists (and the whole map if none changed) keep their identity. */
export const withoutForgotten = <T extends Forgettable>(
  bySession: Readonly<Record<string, readonly T[]>>,
  gone: (command: T) => boolean,
): Readonly<Record<string, readonly T[]>> => {
  let changed = false;
  const next: Record<string, readonly T[]> = {};
  for (const [sessionId, list] of Object.entries(bySession)) {
    const kept = list.filter((command) => !gone(command));
    changed ||= kept.length !== list.length;
    next[sessionId] = kept.length === list.length ? list : kept;
  }
  return changed ? next : bySession;
};
