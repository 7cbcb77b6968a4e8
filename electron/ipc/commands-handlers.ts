// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc';
import type { SessionInfo } from '../../shared/ipc/session';
import type { Recorder } from '../recorder/recorder';
import type { Store } from '../store/store';
import type { InvokeHandlers } from './router';

type Handlers = Pick<
  InvokeHandlers,
  'commands:list' | 'commands:search' | 'commands:get' | 'session:list' | 'session:get'
>;

/** History and sessions, read from the store; live sessions come from the recorder's memory. */
export const commandsHandlers = (store: Store, recorder: Recorder): Handlers => ({
  'commands:list': async ({ sessionId, limit }) => {
    // The renderer asks right after a tab appears: include what is written but not yet committed.
    await store.flush();
    return store.recentCommands(sessionId, limit ?? 200);
  },
  'commands:search': ({ query, limit }) => store.searchCommands(query, limit ?? 50),
  'commands:get': async ({ id }) => {
    const [command] = await store.commandsByIds([id]);
    if (!command) throw new DomainError('not-found', `no command ${id}`);
    return { command, cleanOutput: (await store.readCleanOutput(id)) ?? null };
  },
  'session:list': async ({ endedWithinMs }) => {
    const stored = await store.listSessions(endedWithinMs === undefined ? {} : { endedWithinMs });
    const merged = new Map<string, SessionInfo>(stored.map((session) => [session.id, session]));
    for (const live of recorder.liveSessions()) merged.set(live.id, live);
    return [...merged.values()].sort((a, b) => a.startedAt - b.startedAt);
  },
  'session:get': async ({ id }) => {
    const session = recorder.live(id) ?? (await store.getSession(id));
    if (!session) throw new DomainError('not-found', `no session ${id}`);
    return session;
  },
});
