// SPDX-License-Identifier: MIT
import type { TerminalMark } from '../../shared/ipc/pty';

export interface SpawnOptions {
  readonly cols: number;
  readonly rows: number;
  readonly cwd?: string;
  /** Overrides the shell (tests, settings); default `$SHELL`, falling back to /bin/bash. */
  readonly shell?: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

export interface PtyExit {
  readonly exitCode: number | null;
  readonly signal: number | null;
}

/**
 * One pseudo-terminal. Output arrives as raw bytes (the recorder stores every byte) and, separately,
 * as UTF-8-safe decoded, batched text for a renderer. `onExit` fires only after the output stream
 * has been drained to EOF, so no output is ever reported after exit.
 */
export interface PtyProcess {
  readonly id: string;
  readonly pid: number;
  readonly shell: string;
  readonly cwd: string;
  readonly cols: number;
  readonly rows: number;
  readonly exit: PtyExit | undefined;
  write(data: string | Buffer): void;
  resize(cols: number, rows: number): void;
  pause(): void;
  resume(): void;
  /** Whether input now would be typed at a no-echo line prompt (a password): never record it. */
  readsSecretInput(): boolean;
  /** Name of the foreground process (the shell itself when idle). */
  foregroundProcess(): string;
  /** Ends the pty's whole session: SIGHUP, then SIGTERM, then SIGKILL to every process in it. */
  kill(): Promise<void>;
  onBytes(listener: (bytes: Buffer) => void): () => void;
  onExit(listener: (exit: PtyExit) => void): () => void;
}

export interface PtyHost {
  spawn(id: string, options: SpawnOptions): PtyProcess;
}

/** A gutter mark in a restored terminal's prelude: `at` is the character it comes before. */
export interface PreludeMark {
  readonly at: number;
  readonly mark: TerminalMark;
}

/** What watches the ptys (the foreground watch, close-on-exit, whatever keeps something per terminal). */
export interface PtyObserver {
  spawned?(pty: PtyProcess): void;
  /**
   * Raw bytes in stream order: direction 1 is output, 0 is input written to the pty. Input typed
   * at a no-echo prompt (passwords) is never passed on.
   */
  bytes?(id: string, direction: 0 | 1, bytes: Buffer): void;
  exited?(id: string, exit: PtyExit): void;
  /**
   * The terminal is gone (killed, its exit drained or given up on): it is listed no more and its
   * id is never asked about again, so whatever was kept for it can go.
   */
  closed?(id: string): void;
}
