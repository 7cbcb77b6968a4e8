// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';

export type { CommandRecord };

/** The store may answer synchronously (better-sqlite3) or through a worker; the engine accepts both. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * The minimum the engine needs to know about a session. Compatible with `SessionInfo` from
 * shared/ipc/session.ts and with the store's session rows.
 */
export interface SessionRow {
  readonly id: string;
  readonly hostname?: string | null;
  readonly cwd?: string | null;
  readonly startedAt: number;
  readonly endedAt: number | null;
}

/**
 * Where recorded commands come from. Every query is bounded (a limit, a time window or explicit ids)
 * so the cost of building a context never depends on the size of the whole history.
 * The SQLite store implements these with indexed queries; tests use InMemoryCommandSource.
 */
export interface CommandSource {
  /** The newest `limit` commands of a session, oldest first (newest last). */
  recentCommands(sessionId: string, limit: number): MaybePromise<readonly CommandRecord[]>;
  /** Commands that started at or after `sinceMs` (epoch ms), at most `limit`, preferring the newest. */
  commandsInWindow(query: { sinceMs: number; limit: number }): MaybePromise<readonly CommandRecord[]>;
  /** Known ids only; unknown ids are simply absent from the answer. */
  commandsByIds(ids: readonly string[]): MaybePromise<readonly CommandRecord[]>;
  /** Output with ANSI stripped and carriage-return overwrites collapsed; null/undefined when unknown. */
  readCleanOutput(commandId: string): MaybePromise<string | null | undefined>;
  /** Active sessions plus those that ended within `endedWithinMs`. */
  listSessions(query: { endedWithinMs?: number }): MaybePromise<readonly SessionRow[]>;
}

/** Direction of a recorded chunk: 0 is what the user typed, 1 is what the terminal printed. */
type StreamDirection = 0 | 1;

export interface StreamEntry {
  readonly timestampMs: number;
  readonly direction: StreamDirection;
  readonly data: Uint8Array | string;
}

/** Reads the recorded stream of one command. */
export interface StreamReader {
  readCommandOutput(command: CommandRecord): MaybePromise<readonly StreamEntry[]>;
}

/** A clock the tests can pin. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
