// SPDX-License-Identifier: MIT
import type { ForgetRequest } from '../../shared/ipc/history';
import type { Recorder } from '../recorder/recorder';
import type { ScreensForgotten } from '../store/history/kept-screens';
import type { Store } from '../store/store';
import { PendingForgets } from './pending-forgets';
import type { Broadcast, InvokeHandlers } from './router';
import { suggestHandler } from './suggest-handler';

type Handlers = Pick<
  InvokeHandlers,
  | 'history:usage'
  | 'history:free-space'
  | 'history:forget'
  | 'history:forget-undo'
  | 'history:status'
  | 'history:search'
  | 'history:suggest'
>;

export interface HistoryHandlerDeps {
  readonly store: Store;
  readonly recorder: Recorder;
  /** In-memory copies outside the store (the assistant's short track) drop what was forgotten. */
  readonly forgetInMemory: (commandIds: readonly string[], sessionIds: readonly string[]) => void;
  readonly broadcast: Broadcast;
  /** The screens kept for the next start: an erase runs between their passes, and they drop what it touched. */
  readonly screens?: { forgetting<T extends { readonly screens: ScreensForgotten }>(erase: () => Promise<T>): Promise<T> };
  readonly now?: () => number;
  /** Whether a line may be shown as a suggestion (the redaction rules leave it as it is); default: none may. */
  readonly offerable?: (line: string) => boolean;
  readonly repositoryOf?: (cwd: string) => Promise<string | null>;
  readonly log?: (message: string) => void;
}

/**
 * Storage use, freeing space, forgetting and the Ctrl+R search (in the reader worker); the rest runs
 * in the store's writer worker. A forget
 * with `undoMs` is erased that much later (see PendingForgets); `flush` erases those at shutdown.
 */
export const historyHandlers = (
  deps: HistoryHandlerDeps,
): {
  handlers: Handlers;
  flush: () => Promise<unknown>;
  forgetPending: (commandId: string) => boolean;
  /** Records another part erased from the store (a forget pulled by sync): let every copy go, as a forget here does. */
  forgottenElsewhere: (commandIds: readonly string[], sessionIds: readonly string[]) => void;
} => {
  const { store, recorder } = deps;
  const now = deps.now ?? Date.now;
  // Every copy outside the store lets the records go: the recorder's, the assistant's, every window's.
  const announceForgotten = (
    commandIds: readonly string[],
    sessionIds: readonly string[],
    range: { sinceMs: number; untilMs: number } | null,
  ): void => {
    recorder.forgotten(commandIds, sessionIds);
    deps.forgetInMemory(commandIds, sessionIds);
    deps.broadcast('history:forgotten', { commandIds: [...commandIds], sessionIds: [...sessionIds], range });
  };
  const erase = async (request: ForgetRequest, range: { sinceMs: number; untilMs: number } | null) => {
    const forget = () => store.tables.history.forget(request);
    const { commandIds, sessionIds, screens: _screens, ...result } = await (deps.screens ? deps.screens.forgetting(forget) : forget());
    announceForgotten(commandIds, sessionIds, range);
    return result;
  };
  // No store.flush first: at shutdown the call must reach the writer before its close does.
  const pending = new PendingForgets((commandIds) =>
    erase({ commandIds: [...commandIds] }, null).catch((error: unknown) => deps.log?.(`history: forget failed: ${String(error)}`)),
  );
  const handlers: Handlers = {
    'history:usage': () => store.tables.history.usage(),
    'history:free-space': () => store.tables.history.freeSpace(),
    // From main's own record: a writer that died cannot be asked (writer-client.ts).
    'history:status': () => store.status,
    'history:forget': async (request: ForgetRequest) => {
      if ('commandIds' in request && request.undoMs) {
        pending.schedule(request.commandIds, request.undoMs);
        return { commands: request.commandIds.length, sessions: 0, rawBytes: 0, attachments: 0 };
      }
      // A range ends now unless it says otherwise: fix "now" here, so every window drops the same span.
      const range = 'sinceMs' in request ? { sinceMs: request.sinceMs, untilMs: request.untilMs ?? now() + 1 } : null;
      const resolved: ForgetRequest = range ?? request;
      // Posts what the recorder queued, so output written just before the request is forgotten too.
      await store.flush();
      return erase(resolved, range);
    },
    'history:forget-undo': ({ commandIds }) => ({ restored: pending.undo(commandIds) }),
    'history:search': async (request) => {
      // The overlay's first ask (an empty query) also commits what the recorder holds, so a command
      // that just ended is listed; later keystrokes read what is committed, without the writer's round trip.
      if (request.query.trim() === '') await store.flush();
      return store.searchHistory({ ...request, mode: 'fuzzy' }, pending.ids());
    },
    'history:suggest': suggestHandler({
      store,
      recorder,
      pendingForgets: () => pending.ids(),
      offerable: deps.offerable ?? (() => false),
      ...(deps.repositoryOf ? { repositoryOf: deps.repositoryOf } : {}),
    }),
  };
  return {
    handlers,
    flush: () => pending.flush(),
    forgetPending: (commandId) => pending.has(commandId),
    forgottenElsewhere: (commandIds, sessionIds) => announceForgotten(commandIds, sessionIds, null),
  };
};
