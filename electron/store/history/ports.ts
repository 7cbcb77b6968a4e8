// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';

/**
 * What retention needs of the store, by shape: the store's writer imports this folder, so this
 * folder names no module of the store (no cycle between the two).
 */

/** The writer's connection (the store's WritableDb). */
export type Db = Database.Database;

/** A chunk row as the writer inserted it. */
export interface RowWritten {
  readonly sessionId: string;
  readonly direction: 0 | 1;
  readonly outputOffset: number;
  readonly data: Buffer;
}

/** A command row as the writer upserted it (at its start, and again at its end). */
export interface CommandWritten {
  readonly id: string;
  readonly sessionId: string;
  readonly outputStart: number;
  readonly outputEnd: number | null;
  readonly endedAt: number | null;
}
