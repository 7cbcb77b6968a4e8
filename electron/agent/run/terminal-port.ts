// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';

/** What a terminal looks like to the assistant choosing where to run a command. */
export interface TerminalState {
  /** A shell waits at its prompt: nothing runs, no other program holds the terminal, and it records. */
  readonly idle: boolean;
  /** Why it is not idle, for the log and tests ("a command runs", "private"). */
  readonly busy: string | null;
  readonly cwd: string | null;
  /** A private terminal: nothing it runs is recorded, so it is never idle for a recorded run. */
  readonly private?: boolean;
  /** For a private terminal: its shell waits at a prompt (what `idle` says of a recorded one). */
  readonly atPrompt?: boolean;
  /** For a private terminal: the terminal it was opened from (a split's neighbour), if any. */
  readonly openedFrom?: string;
}

/**
 * The terminals as the run_command tool needs them, implemented over the ptys and the recorder in
 * electron/app/agent-wiring.ts. A port, so the tool's rules are tested without real ptys.
 */
export interface TerminalPort {
  /** undefined when there is no such live terminal. */
  state(sessionId: string): TerminalState | undefined;
  /** Types into the terminal as the user would (the recorder sees it as input). */
  type(sessionId: string, data: string): void;
  /**
   * The next command to start there is the assistant's: its record is tagged so. The returned
   * function withdraws that when no record started (else the user's next command would be tagged).
   */
  expectAssistantCommand(sessionId: string): () => void;
  /**
   * The user keeps such command lines out of history (a leading space, their exclude patterns):
   * one run there would leave no record to answer from, so the assistant does not run it.
   */
  excludedFromHistory(commandLine: string): boolean;
  /** A no-echo line prompt (a password) is waiting for input. */
  readsSecretInput(sessionId: string): boolean;
  /** The program in the terminal's foreground (the shell itself at a prompt). */
  foreground(sessionId: string): string | undefined;
  /** Every command record as it starts and ends, in every terminal. */
  onCommand(listener: (record: CommandRecord) => void): () => void;
  /** Raw output, to see a full-screen program switch to the alternate screen. */
  onOutput(listener: (sessionId: string, bytes: Buffer) => void): () => void;
}
