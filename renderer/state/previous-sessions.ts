// SPDX-License-Identifier: MIT
import { useMemo } from 'react';
import { create } from 'zustand';
import type { CommandRecord } from '../../shared/domain/command';
import type { Api } from '../../shared/ipc';
import { useCommands } from './commands';

/**
 * A restored pane's earlier session: the one whose screen it shows above its new shell. Its
 * commands lead the pane's Commands list, so yesterday's commands can still be clicked (and
 * attached) where they are seen. They stay under their own session in the commands store, where
 * every lookup by command id finds them.
 */
export const usePreviousSessions = create<{ readonly previousOf: Readonly<Record<string, string>> }>()(() => ({ previousOf: {} }));

/** Links `sessionId` to the session it continues and loads that session's commands (through `api`). */
export const linkPreviousSession = async (api: Pick<Api, 'invoke'>, sessionId: string, previousId: string): Promise<void> => {
  if (sessionId === previousId || usePreviousSessions.getState().previousOf[sessionId] === previousId) return;
  usePreviousSessions.setState((state) => ({ previousOf: { ...state.previousOf, [sessionId]: previousId } }));
  const result = await api.invoke('commands:list', { sessionId: previousId, limit: 500 });
  if (result.ok) useCommands.getState().setSessionCommands(previousId, result.value);
};

const EMPTY: readonly CommandRecord[] = [];

/** A session's commands, newest last, after those of the session it continues (if any). */
export const useSessionCommands = (sessionId: string | undefined): readonly CommandRecord[] => {
  const previousId = usePreviousSessions((state) => (sessionId ? state.previousOf[sessionId] : undefined));
  const current = useCommands((state) => (sessionId ? (state.bySession[sessionId] ?? EMPTY) : EMPTY));
  const previous = useCommands((state) => (previousId ? (state.bySession[previousId] ?? EMPTY) : EMPTY));
  return useMemo(() => (previous.length === 0 ? current : [...previous, ...current]), [previous, current]);
};
