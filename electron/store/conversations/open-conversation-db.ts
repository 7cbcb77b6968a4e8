// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { configureWriter } from '../database';

/**
 * The connection conversations and settings use in main: a few tiny writes per answer, where a hop
 * to the writer worker would cost more than the write. It gets the store's pragmas from
 * `configureWriter` (WAL, synchronous NORMAL, foreign keys, a 5 s busy timeout for the moments the
 * recorder's worker holds the write lock), so no second set of pragmas exists. The file must exist:
 * the store created and migrated it.
 */
export const openConversationDb = (path: string): Database.Database =>
  configureWriter(new Database(path, { fileMustExist: true }));
