// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { existsSync, lstatSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS_KEY } from '../../shared/settings/key-value-store';
import { checkDataDir, DataDirTrustError } from '../data-dir/data-dir-trust';
import { Redactor } from '../context/redaction';
import { migrations } from '../store/migrations';
import { StoreQueries } from '../store/queries/queries';
import { CliError } from './cli-error';
import { DATABASE_FILE } from './data-dir-default';
import { savedRedaction } from '../settings/saved-redaction';

/** How long one statement waits on a lock before SQLite gives up, and how often we then try again. */
const BUSY_TIMEOUT_MS = 2000;
const BUSY_RETRIES = 5;

const isBusy = (error: unknown): boolean =>
  error instanceof Database.SqliteError && (error.code.startsWith('SQLITE_BUSY') || error.code.startsWith('SQLITE_LOCKED'));

const sleepSync = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/**
 * Runs a read, again after a pause when the database stays busy past the busy timeout (the writer
 * checkpointing or recovering its WAL, say). Readers never block a WAL writer, so this is rare.
 */
export const retryBusy = <T>(read: () => T, retries = BUSY_RETRIES, pauseMs = 100): T => {
  for (let attempt = 0; ; attempt++) {
    try {
      return read();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (attempt >= retries)
        throw new CliError('unavailable', `the history database stayed busy (${(error as Error).message}); try again`);
      sleepSync(pauseMs * (attempt + 1));
    }
  }
};

/**
 * SQLite's answers for a file that is there but cannot serve as the history: not a database, a
 * damaged one, one it may not read or open, or one in a read-only place it cannot set up for WAL.
 * They are the unusable-history code (3) the docs promise, not a bug (70).
 */
const UNUSABLE = /^SQLITE_(NOTADB|CORRUPT|READONLY|CANTOPEN|IOERR|PERM|AUTH)/;

export const asUnavailable = (error: unknown, path: string): unknown =>
  error instanceof Database.SqliteError && UNUSABLE.test(error.code)
    ? new CliError('unavailable', `cannot read ${path}: ${error.message} (${error.code})`)
    : error;

/** Why a data directory cannot be looked into, as far as its owner and mode tell. */
const whyUnreadable = (dataDir: string, error: NodeJS.ErrnoException): string => {
  const reason = error.code === 'EACCES' || error.code === 'EPERM' ? `permission denied (${error.code})` : (error.code ?? error.message);
  const uid = process.getuid?.();
  let info: ReturnType<typeof statSync>;
  try {
    info = statSync(dataDir, { throwIfNoEntry: false });
  } catch {
    return `${reason} on a folder above it`; // a parent that cannot be passed through
  }
  if (!info || uid === undefined) return reason;
  const mode = (info.mode & 0o777).toString(8).padStart(4, '0');
  return `${reason}: it belongs to uid ${info.uid} with mode ${mode} and you are uid ${uid}`;
};

/** Whether the database is there; a directory that cannot be looked into is said to be so, with why. */
const databaseExists = (dataDir: string, path: string): boolean => {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
    throw new CliError('unavailable', `cannot read ${dataDir}: ${whyUnreadable(dataDir, error as NodeJS.ErrnoException)}`);
  }
};

/** The schema this build reads (the number of migrations), against the file's `user_version`. */
export const checkSchema = (found: number, path: string, supported = migrations.length): void => {
  if (found === supported) return;
  if (found === 0)
    throw new CliError('unavailable', `${path} is not a Contexterm history database (no schema); start the app once to create it`);
  if (found > supported) {
    throw new CliError(
      'unavailable',
      `${path} is from a newer Contexterm (schema ${found}; this build reads schema ${supported}); update this checkout`,
    );
  }
  throw new CliError(
    'unavailable',
    `${path} is from an older Contexterm (schema ${found}; this build reads schema ${supported}); start the app once to upgrade it`,
  );
};

/**
 * The app's own checks (data-dir-trust.ts), before anything in the directory is opened: the CLI
 * and the MCP server read what the app would refuse to use otherwise (another user's directory, a
 * link to it, a linked database). A missing directory is left missing, never created.
 */
const trustDataDir = (dataDir: string): void => {
  try {
    checkDataDir(dataDir, { create: false });
  } catch (error) {
    if (error instanceof DataDirTrustError) throw new CliError('unavailable', error.message);
    throw error;
  }
};

/**
 * Whether the app has the database closed: it removes the `-wal` and `-shm` files when it closes
 * it, and an open WAL database always has both. Any reader of a WAL database creates them, and a
 * read-only connection cannot remove them. A read-write connection (still `query_only`) can: the
 * last connection to close checkpoints the WAL (empty, unless the app ran and quit meanwhile, its
 * own close's work then) and deletes both, and SQLite itself decides who is last (an exclusive lock on the file),
 * so an app that opened the database meanwhile keeps its files. No URI, so no `immutable`: the
 * better-sqlite3 build has URI file names off.
 */
const appStopped = (path: string): boolean => !existsSync(`${path}-wal`) && !existsSync(`${path}-shm`);

/**
 * The app's database opened for reading only, while the app may be writing it: a `query_only`
 * connection in WAL mode never blocks the writer and takes no data-dir lock; migrations never run
 * here. It is a read-only connection while the app has the database open, else a read-write one
 * that cannot write (`query_only`) but leaves no `-wal`/`-shm` behind (appStopped).
 */
export class HistoryDb {
  readonly queries: StoreQueries;

  private constructor(
    readonly db: Database.Database,
    readonly path: string,
  ) {
    this.queries = new StoreQueries(db);
  }

  static open(dataDir: string): HistoryDb {
    const path = join(dataDir, DATABASE_FILE);
    // Not a data directory at all (a mistyped --data-dir /tmp): its mode is none of our business.
    // lstat, not exists: a database that is a (dangling) link is the trust check's to refuse.
    if (!databaseExists(dataDir, path))
      throw new CliError('unavailable', `no history database at ${path} (give --data-dir DIR, the app's data directory)`);
    trustDataDir(dataDir);
    if (!existsSync(path))
      throw new CliError('unavailable', `no history database at ${path} (give --data-dir DIR, the app's data directory)`);
    let db: Database.Database;
    try {
      db = new Database(path, { readonly: !appStopped(path), fileMustExist: true });
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      db.pragma('query_only = ON');
    } catch (error) {
      throw new CliError('unavailable', `cannot open ${path}: ${(error as Error).message}`);
    }
    try {
      checkSchema(
        retryBusy(() => db.pragma('user_version', { simple: true }) as number),
        path,
      );
    } catch (error) {
      db.close();
      throw asUnavailable(error, path);
    }
    return new HistoryDb(db, path);
  }

  /** A read, retried while the database is busy. */
  read<T>(run: (queries: StoreQueries, db: Database.Database) => T): T {
    try {
      return retryBusy(() => run(this.queries, this.db));
    } catch (error) {
      throw asUnavailable(error, this.path);
    }
  }

  /** The user's redaction settings (Settings → Redaction), as model requests use them. */
  redactor(): Redactor {
    const raw = this.read(
      (_, db) => (db.prepare('SELECT value FROM settings WHERE key = ?').get(SETTINGS_KEY) as { value: string } | undefined)?.value,
    );
    return new Redactor(savedRedaction(raw));
  }

  close(): void {
    this.db.close();
  }
}
