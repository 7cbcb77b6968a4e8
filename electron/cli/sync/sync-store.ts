// SPDX-License-Identifier: MIT
import { join } from 'node:path';
import { acquireDataDirLock, DataDirLockedError } from '../../data-dir/data-dir-lock';
import { DataDirTrustError } from '../../data-dir/data-dir-trust';
import type { WritableDb } from '../../store/database/database';
import { openWriter } from '../../store/database/open-database';
import { Forgetter } from '../../store/history/forget';
import { migrations } from '../../store/migrations';
import Database from 'better-sqlite3';
import { SyncError } from '../../sync/sync-error';
import { SyncTables } from '../../sync/sync-tables';

/** The app's database file in its data dir (the same name electron/cli/data-dir-default.ts gives). */
const DATABASE_FILE = 'contexterm.db';

/**
 * The CLI syncing alone: it takes the data dir's lock as the app does, so the app's writer and a
 * sync never write at once. While the app runs, `sync now|status|off` ask it instead (app-socket.ts);
 * this refuses plainly only when the app holds the lock but did not answer.
 */
export const withWriter = async <T>(
  dataDir: string,
  run: (db: WritableDb, forget: (ids: readonly string[]) => number) => Promise<T>,
): Promise<T> => {
  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    lock = acquireDataDirLock(dataDir, 'Run sync from this command once the app is closed.');
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new SyncError('busy', `${error.message} (a running app keeps the history; the CLI syncs only when it is closed)`);
    if (error instanceof DataDirTrustError) throw new SyncError('busy', error.message);
    throw error;
  }
  try {
    const { db } = openWriter({ path: join(dataDir, DATABASE_FILE), migrations });
    const forgetter = new Forgetter(db);
    const forget = (ids: readonly string[]): number =>
      ids.length === 0 ? 0 : forgetter.forget({ commandIds: [...ids] }, Date.now()).commands;
    try {
      return await run(db, forget);
    } finally {
      // The log keeps old page images of forgotten rows: fold it in and truncate it, as the app does.
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    }
  } finally {
    lock.release();
  }
};

/** Records not in the bucket yet, read without the lock (a read-only connection never blocks the app); null with no database. */
export const pendingCount = (dataDir: string): number | null => {
  let db: Database.Database;
  try {
    db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  } catch {
    return null;
  }
  try {
    db.pragma('busy_timeout = 2000');
    return new SyncTables(db).pendingCount();
  } catch {
    return null; // a database from before sync (no schema 11 yet): the next sync migrates it
  } finally {
    db.close();
  }
};
