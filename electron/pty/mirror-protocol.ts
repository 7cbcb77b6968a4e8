// SPDX-License-Identifier: MIT
import type { TerminalMark, TerminalSnapshot } from '../../shared/ipc/pty';

/**
 * Main → mirror worker, in stream order per pty (one MessagePort keeps the order). `lost`: the
 * pty's mirror died with an earlier worker; this one starts from now and says so on its screen.
 */
export type MirrorRequest =
  | { readonly t: 'open'; readonly id: string; readonly cols: number; readonly rows: number; readonly lost?: boolean }
  | { readonly t: 'write'; readonly id: string; readonly data: string }
  | { readonly t: 'mark'; readonly id: string; readonly mark: TerminalMark }
  | { readonly t: 'resize'; readonly id: string; readonly cols: number; readonly rows: number }
  | { readonly t: 'snapshot'; readonly id: string; readonly request: number; readonly keep?: number }
  /** Paints a screen from its own earlier snapshot (see MirrorHost: a worker stopped while idle); acknowledged as parsed. */
  | { readonly t: 'restore'; readonly id: string; readonly snapshot: TerminalSnapshot }
  | { readonly t: 'close'; readonly id: string };

/**
 * The first line of a screen whose mirror died: what came before could not be kept, and a reload
 * showing a blank or half-drawn screen without a word would look like lost output. Dim, and only
 * in the restored picture (never sent to the pty or stored).
 */
export const MIRROR_LOST_NOTICE =
  '\x1b[2m[Contexterm: earlier output of this terminal could not be restored: its screen copy failed and was restarted]\x1b[0m\r\n';

/** Mirror worker → main: a snapshot (null when the pty is unknown there), or characters parsed. */
export type MirrorReply =
  | { readonly t: 'snapshot'; readonly request: number; readonly snapshot: TerminalSnapshot | null }
  | { readonly t: 'parsed'; readonly id: string; readonly chars: number };

/** What the pty manager needs of a pty's mirror, wherever it runs. */
export interface ScreenMirrorLike {
  write(data: string): void;
  mark(mark: TerminalMark): void;
  resize(cols: number, rows: number): void;
  /**
   * With `keep`: the screen as it is kept for the next run (see ScreenMirror.snapshot): the normal
   * buffer only, its last `keep` lines, no modes.
   */
  snapshot(keep?: number): Promise<TerminalSnapshot>;
  /** True while the mirror is far behind the output: the pty waits for it (bounded memory). */
  congested?(): boolean;
  dispose(): void;
}

export type MirrorFactory = (id: string, cols: number, rows: number) => ScreenMirrorLike;
