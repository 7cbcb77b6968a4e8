// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { CommandRecord } from '../../shared/domain/command';
import type { SessionInfo } from '../../shared/ipc/session';

/** Commands kept per session in the list; older ones stay searchable through history search. */
const MAX_PER_SESSION = 500;

interface CommandsState {
  readonly bySession: Readonly<Record<string, readonly CommandRecord[]>>;
  readonly sessions: Readonly<Record<string, SessionInfo>>;
  readonly selectedId: string | undefined;
  setSessionCommands(sessionId: string, commands: readonly CommandRecord[]): void;
  upsert(command: CommandRecord): void;
  setSession(session: SessionInfo): void;
  select(id: string | undefined): void;
}

export const useCommands = create<CommandsState>()((set) => ({
  bySession: {},
  sessions: {},
  selectedId: undefined,
  setSessionCommands: (sessionId, commands) =>
    set((state) => ({ bySession: { ...state.bySession, [sessionId]: commands.slice(-MAX_PER_SESSION) } })),
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
  setSession: (session) => set((state) => ({ sessions: { ...state.sessions, [session.id]: session } })),
  select: (id) => set({ selectedId: id }),
}));
