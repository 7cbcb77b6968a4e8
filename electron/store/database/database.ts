// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';

declare const writableBrand: unique symbol;

/** A connection that may only read (the reader worker's). */
export type ReadableDb = Database.Database;
/** The single connection that writes (the writer worker's); branded so read code cannot take it by accident. */
export type WritableDb = Database.Database & { readonly [writableBrand]: true };

/** Above this a read is logged: Signal's threshold, and about one frame's worth of main-thread work. */
export const SLOW_QUERY_MS = 40;

/**
 * The one place the pragmas are set. NORMAL is safe from corruption in WAL mode and durable across
 * application crashes; a power loss can roll back commits since the last checkpoint (reliability.md §4).
 * The WAL is truncated back to `journal_size_limit` after checkpoints so a flood cannot leave a huge file.
 * `secure_delete` stays on for the connection's life: every table here may hold recorded text.
 */
export const configureWriter = (db: Database.Database): WritableDb => {
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal' && db.name !== ':memory:') throw new Error(`could not enable WAL (journal_mode is ${String(mode)})`);
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  db.pragma('cache_size = -8192');
  // Every write zeroes what it replaces: a row rewritten (a message's meta, a setting) otherwise
  // leaves its old copy in the page's free space, where forgetting cannot reach it.
  db.pragma('secure_delete = ON');
  return db as WritableDb;
};

/**
 * Opens a read connection. It never writes, so `query_only` turns a stray write into an error.
 * The reader worker's scans get a 32 MB page cache (it stops when idle, and its cache with it);
 * the main thread's point reads touch a few pages each and keep 2 MB, for as long as the app runs.
 */
export const openReader = (path: string, cacheKb = 32_768): ReadableDb => {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma(`cache_size = -${cacheKb}`);
  db.pragma('query_only = ON');
  return db;
};

/** Prepared once, reused for the life of the connection (better-sqlite3 statements are reusable). */
export class StatementCache {
  private readonly _statements = new Map<string, Database.Statement>();

  constructor(private readonly _db: Database.Database) {}

  get(sql: string): Database.Statement {
    let statement = this._statements.get(sql);
    if (!statement) {
      statement = this._db.prepare(sql);
      this._statements.set(sql, statement);
    }
    return statement;
  }
}

/** Errors that mean "this file is not a usable database", as opposed to a busy lock or a full disk. */
export const isCorruptionError = (error: unknown): boolean => {
  if (!(error instanceof Database.SqliteError)) return false;
  return error.code === 'SQLITE_NOTADB' || error.code.startsWith('SQLITE_CORRUPT');
};

/** Runs `PRAGMA quick_check` (or the full `integrity_check`) and returns its report: 'ok' when sound. */
export const checkIntegrity = (db: Database.Database, full: boolean): string => {
  const rows = db.pragma(full ? 'integrity_check(20)' : 'quick_check(20)', { simple: false }) as Record<string, string>[];
  return rows.map((row) => Object.values(row)[0]).join('\n');
};
