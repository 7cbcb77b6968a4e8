// SPDX-License-Identifier: MIT
import { useCommands } from '../../state/commands';
import type { Api } from '../../../shared/ipc';

/**
 * The Commands panel's data for this window's terminals: each session's commands and mode, fetched
 * when its terminal appears and kept up to date from main's events. The workspace (terminal-workspace.ts)
 * says when a terminal appears; the panel reads the commands store.
 */
export const followSessionCommands = (api: Pick<Api, 'invoke' | 'on'>) => {
  const offCommands = api.on('commands:updated', ({ command }) => useCommands.getState().upsert(command));
  const offSessions = api.on('session:updated', ({ session }) => useCommands.getState().setSession(session));
  return {
    /** The commands list and mode of a session, fetched when its terminal appears (live updates follow). */
    load: async (sessionId: string): Promise<void> => {
      const [commands, session] = await Promise.all([
        api.invoke('commands:list', { sessionId, limit: 500 }),
        api.invoke('session:get', { id: sessionId }),
      ]);
      if (commands.ok) useCommands.getState().setSessionCommands(sessionId, commands.value);
      if (session.ok) useCommands.getState().setSession(session.value);
    },
    dispose: (): void => {
      offCommands();
      offSessions();
    },
  };
};
