// SPDX-License-Identifier: MIT
import { useCommands } from '../state/commands';
import { useWorkspace, type Terminal } from '../state/workspace';
import { useForeground } from './tab-foreground';
import { tabTitle } from './tab-title';

const NO_SESSION = '\u0000none';

/**
 * A terminal's title as its tab shows it, following what changes while it lives (its running
 * command and program, its directory); null when there is no such terminal. The tab bar and an
 * assistant's step (which names the terminal it runs in) read it from here, so they always agree.
 */
export const useTerminalTitle = (terminalId: string | null): string | null => {
  const terminal: Terminal | undefined = useWorkspace((state) => (terminalId === null ? undefined : state.terminals.find((t) => t.id === terminalId)));
  const sessionId = terminal?.sessionId ?? NO_SESSION;
  const running = useCommands((state) => state.bySession[sessionId]?.findLast((c) => c.endedAt === null));
  const cwd = useCommands((state) => state.sessions[sessionId]?.cwd ?? null);
  const foreground = useForeground((state) => (terminalId === null ? null : (state.byId[terminalId] ?? null)));
  if (!terminal) return null;
  return tabTitle({ custom: terminal.customTitle, program: terminal.programTitle, running, foreground, cwd, shell: terminal.shell });
};
