// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { CommandRecord } from '../../shared/domain/command';
import type { SessionInfo } from '../../shared/ipc/session';
import { sessionOfCommandId, withoutForgotten, type Forgettable } from './forgotten';

/** Commands kept per session in the list; older ones stay searchable through history search. */
const MAX_PER_SESSION = 500;

const MODE_RANK = { unknown: 0, heuristic: 1, integrated: 2 } as const;

interface CommandsState {
  readonly bySession: Readonly<Record<string, readonly CommandRecord[]>>;
  readonly sessions: Readonly<Record<string, SessionInfo>>;
  readonly selectedId: string | undefined;
  setSessionCommands(sessionId: string, commands: readonly CommandRecord[]): void;
  upsert(command: CommandRecord): void;
  setSession(session: SessionInfo): void;
  select(id: string | undefined): void;
  /** Clears the selection if it is one of `ids` (commands that were attached and now are not). */
  deselect(ids: readonly string[]): void;
  /** Drops forgotten commands (see history/forget.ts) from every list and from the selection. */
  forget(gone: (command: Forgettable) => boolean): void;
}

export const useCommands = create<CommandsState>()((set) => ({
  bySession: {},
  sessions: {},
  selectedId: undefined,
  // A fetched list may be older than live updates that overtook it: merge, the finished record wins.
  setSessionCommands: (sessionId, commands) =>
    set((state) => {
      const merged = new Map(commands.map((command) => [command.id, command]));
      for (const live of state.bySession[sessionId] ?? []) {
        const fetched = merged.get(live.id);
        if (!fetched || (fetched.endedAt === null && live.endedAt !== null)) merged.set(live.id, live);
      }
      const list = [...merged.values()].sort((a, b) => a.seq - b.seq).slice(-MAX_PER_SESSION);
      return { bySession: { ...state.bySession, [sessionId]: list } };
    }),
  upsert: (command) =>
    set((state) => {
      const list = state.bySession[command.sessionId] ?? [];
      const index = list.findIndex((existing) => existing.id === command.id);
      const next =
        index === -1
          ? [...list, command].sort((a, b) => a.seq - b.seq).slice(-MAX_PER_SESSION)
          : list.map((existing, i) => (i === index ? command : existing));
      return { bySession: { ...state.bySession, [command.sessionId]: next } };
    }),
  // Modes only move forward (unknown → heuristic → integrated): a stale fetch must not undo an event.
  setSession: (session) =>
    set((state) => {
      const current = state.sessions[session.id];
      const mode = current && MODE_RANK[current.mode] > MODE_RANK[session.mode] ? current.mode : session.mode;
      return { sessions: { ...state.sessions, [session.id]: { ...session, mode } } };
    }),
  select: (id) => set({ selectedId: id }),
  deselect: (ids) => set((state) => (state.selectedId !== undefined && ids.includes(state.selectedId) ? { selectedId: undefined } : state)),
  forget: (gone) =>
    set((state) => {
      const id = state.selectedId;
      // The selection may be a search result, which no list holds: judge it by its id then.
      const selected =
        id === undefined
          ? undefined
          : (state.bySession[sessionOfCommandId(id)]?.find((c) => c.id === id) ?? { id, sessionId: sessionOfCommandId(id) });
      const selectedId = selected && gone(selected) ? undefined : id;
      const bySession = withoutForgotten(state.bySession, gone);
      return bySession === state.bySession && selectedId === id ? state : { bySession, selectedId };
    }),
}));
