// SPDX-License-Identifier: MIT
import type { TerminalMark } from '../../shared/ipc/pty';
import type { PtyExit, PtyProcess } from './types';

export interface TapOutput {
  /** The bytes everyone downstream sees (the segmenter removes shell-integration marks). */
  readonly bytes: Buffer;
  /** Marks to deliver after `bytes[0, at)`, in order. */
  readonly marks: ReadonlyArray<{ readonly at: number; readonly mark: TerminalMark }>;
}

/**
 * A per-pty stage between the pty and everything else (the recorder and its segmenter). It runs
 * synchronously on every read, so it must stay cheap and must not block.
 */
export interface PtyTap {
  output(bytes: Buffer): TapOutput;
  /** Input the user typed (never input typed at a no-echo prompt). */
  input(bytes: Buffer): void;
  /** The pty has exited and its output is drained: flush whatever is held back. */
  end(exit: PtyExit): TapOutput;
  /** Bytes held back awaiting more output; `flush` releases them once output has gone quiet. */
  readonly pending?: number;
  flush?(): TapOutput;
  /**
   * True while what the tap writes to (the store) has fallen behind: the pty is paused until it
   * catches up, so memory stays bounded and a crash loses at most that backlog.
   */
  congested?(): boolean;
}

/** The tap for a pty that just started (the recorder's session), or none. */
export type PtyTapFactory = (pty: PtyProcess) => PtyTap | undefined;
