// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import type { Terminal } from '../state/workspace';

/** The pure decisions behind command actions (tested without a page): what to copy, where to rerun. */

/** `$ command` and its output, as a terminal showed them. */
/** A command and its output as one would paste it: the prompt line, then what it printed. */
export const transcriptOf = (commandLine: string | null, output: string): string => `$ ${commandLine ?? ''}\n${output}`;

/** How a command runs again: typed into its own terminal, or in a new tab (in its directory). */
export type RerunPlan =
  | { readonly kind: 'type'; readonly terminalId: string }
  | { readonly kind: 'new-tab'; readonly cwd: string | null }
  | { readonly kind: 'none'; readonly reason: string };

export interface RerunFacts {
  readonly command: CommandRecord;
  /** The open terminal of the command's session, if it still has one. */
  readonly terminal: Pick<Terminal, 'id' | 'exited'> | undefined;
  /** The session's commands as the list knows them. */
  readonly sessionCommands: readonly CommandRecord[];
  /** Something other than the idle shell runs in the terminal's foreground (pty:busy). */
  readonly busy: boolean;
  /** The session's host: a command run over ssh has another, and its directory means nothing here. */
  readonly sessionHostname: string | null | undefined;
}

/**
 * Its own terminal when that one sits at a prompt: it is open, the command has finished, no
 * other command runs there and the shell is in the foreground. Otherwise a new tab, in the
 * command's directory when that directory is on this machine.
 */
export const rerunPlan = ({ command, terminal, sessionCommands, busy, sessionHostname }: RerunFacts): RerunPlan => {
  if (!command.commandLine?.trim()) return { kind: 'none', reason: 'The command line was not recorded' };
  const running = sessionCommands.some((c) => c.endedAt === null && !c.interrupted);
  if (terminal && !terminal.exited && command.endedAt !== null && !running && !busy) return { kind: 'type', terminalId: terminal.id };
  const remote = command.hostname !== null && !!sessionHostname && command.hostname !== sessionHostname;
  return { kind: 'new-tab', cwd: remote ? null : command.cwd };
};

/**
 * Keystrokes that run `commandLine` at a shell prompt: Ctrl+U first (readline, zle, fish and a
 * cooked tty all clear what was typed on the line with it), then the line, then Enter.
 */
export const rerunInput = (commandLine: string): string => `\x15${commandLine.replace(/\r\n|\n|\r/g, '\r')}\r`;
