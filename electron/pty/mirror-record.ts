// SPDX-License-Identifier: MIT
import type { TerminalSnapshot } from '../../shared/ipc/pty';
import type { MirrorRequest } from './mirror-protocol';

/**
 * One pty's mirror as the host (mirror-host.ts) holds it: its requests held until a worker parses
 * them, or kept to replay to a new worker, and what became of it. The host decides when a worker
 * runs; this is what each screen needs to be rebuilt in one.
 */
export interface Mirror {
  readonly id: string;
  cols: number;
  rows: number;
  /** Until opened in a worker: its requests in order (see mirror-host.ts MIRROR_DEFER_CHARS); blank while none shows anything. */
  deferred: { readonly ops: MirrorRequest[]; blank: boolean } | undefined;
  /** Its screen died with a worker: reopened with its next request, from then on, saying so on screen. */
  lost: boolean;
  /** Once opened: its requests so far, while they are few enough to keep (see mirror-host.ts MIRROR_RETIRE_MS). */
  replay: MirrorRequest[] | undefined;
  /** Output characters written: every one of them is still to be parsed while deferred. */
  written: number;
  disposed: boolean;
}

/** A new pty's mirror: held (not in a worker) and blank until it shows something. */
export const newMirror = (id: string, cols: number, rows: number): Mirror => ({
  id,
  cols,
  rows,
  deferred: { ops: [{ t: 'open', id, cols, rows }], blank: true },
  lost: false,
  replay: undefined,
  written: 0,
  disposed: false,
});

/** What rebuilds a screen kept as its snapshot when its worker retires: opened at the snapshot's size, then resized to the pty's. */
export const replayFromSnapshot = ({ id, cols, rows }: Mirror, snapshot: TerminalSnapshot): MirrorRequest[] => [
  { t: 'open', id, cols: snapshot.cols, rows: snapshot.rows },
  { t: 'restore', id, snapshot },
  { t: 'resize', id, cols, rows },
];

/** Back to held requests (its worker retired), replayed when the mirror is next needed. */
export const holdAgain = (mirror: Mirror, ops: MirrorRequest[]): void => {
  mirror.deferred = { ops, blank: false };
  mirror.replay = undefined;
};

/** The characters a worker will acknowledge for these requests: every write, or a restored snapshot's text. */
export const charsToParse = (ops: readonly MirrorRequest[]): number =>
  ops.reduce((chars, op) => chars + (op.t === 'write' ? op.data.length : op.t === 'restore' ? op.snapshot.data.length : 0), 0);
