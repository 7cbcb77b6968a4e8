// SPDX-License-Identifier: MIT

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
