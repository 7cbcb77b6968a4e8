// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';

/**
 * A migration's body takes a plain connection, not the store's branded WritableDb: the folder then
 * never imports the store it belongs to (no store ↔ migrations cycle). Only `migrate` (store/migrate.ts)
 * runs a migration, and it is handed the writer, so the brand still guards every caller.
 */
export type MigrationDb = Database.Database;

export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: MigrationDb): void;
}
