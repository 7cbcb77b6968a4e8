// SPDX-License-Identifier: MIT
import type { Worker } from 'node:worker_threads';
import type { RestartLimits } from '../../runtime/restart-policy';
import type { WriteOp, WriterRequest } from '../worker/protocol';

/** The writer client's settings, and its bookkeeping of what it posted and of what waits for a writer to start. */

export type WriteMessage = Extract<WriterRequest, { type: 'write' }>;
export type CallMessage = Extract<WriterRequest, { type: 'call' }>;
/** What waits for a writer that is starting: writes and table calls, in the order they were made. */
export type Held =
  { readonly message: WriteMessage; readonly transfer: ArrayBuffer[]; readonly postedAt: number } | { readonly message: CallMessage };

/** A write message posted to the current worker and not yet committed. */
export interface InFlight {
  /** Its ops that may be applied twice without harm (all but output bytes): sent to a restarted writer. */
  readonly replay: readonly WriteOp[];
  readonly bytes: number;
  readonly flushId: number | undefined;
  /** Itself a replay: never sent a third time (it may be what killed the writer). */
  readonly replayed: boolean;
  /** When it was first posted (performance.now()): how far behind the writer is. */
  readonly postedAt: number;
}

export const describe = (message: WriteMessage, replayed: boolean, postedAt: number): InFlight => ({
  replay: message.ops.filter((op) => op.kind !== 'chunk'),
  bytes: message.bytes,
  flushId: message.flushId,
  replayed,
  postedAt,
});

/**
 * How long the writer stays up after its last write or call. A terminal is idle most of the time
 * and the writer is a whole isolate with SQLite's caches (~10 MB of the server's memory,
 * tests/bench/server-footprint.ts); starting one again takes ~60 ms on its own thread, which the
 * first keystroke's record waits in memory for, never the keystroke itself.
 */
export const WRITER_IDLE_MS = 15_000;

/** Calls that set the writer's state rather than ask it something: a new writer gets the latest again. */
export const STICKY_CALLS: ReadonlySet<string> = new Set(['history.setPolicy']);

export interface WriterClientOptions {
  /** Starts a writer on the same file to replace one that died (resuming: no start-up sweep). */
  readonly restart: () => Promise<Worker>;
  /** A writer that died, a write it could not apply. */
  readonly onError: (error: Error) => void;
  readonly restarts?: RestartLimits;
  /** Quiet time after which the writer is stopped until the next write or call (default WRITER_IDLE_MS). */
  readonly idleMs?: number;
}
