// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkIntegrity, configureWriter, isCorruptionError, type WritableDb } from './database';
import { migrate, type Migration } from './migrate';
import { endOrphanedCommands } from './orphaned-commands';

/**
 * When to verify the file on open. `auto` checks after an unclean shutdown (a non-empty WAL left
 * behind) and for files small enough that the check is cheap: a quick_check reads every page, and a
 * recorder's database can reach gigabytes, which would cost seconds at every start.
 */
export type IntegrityCheckPolicy = 'auto' | 'always' | 'never';

/** Below this size `auto` always checks (tens of milliseconds at most). */
const ALWAYS_CHECK_BELOW_BYTES = 64 * 1024 * 1024;

export interface OpenWriterOptions {
  readonly path: string;
  readonly migrations: readonly Migration[];
  readonly integrityCheck?: IntegrityCheckPolicy;
  /** For the quarantine file names; injectable so tests are deterministic. */
  readonly now?: () => number;
  /**
   * Replacing a writer that died while the app runs: the sessions open in the file are live, not
   * left by a crash, so none is swept; and other connections have the file open, so a problem is
   * reported, never repaired by moving the file (the caller stops recording instead).
   */
  readonly resume?: boolean;
}

export interface OpenedWriter {
  readonly db: WritableDb;
  /** Where a corrupt database was moved, when it was. */
  readonly recoveredCorruptTo?: string;
  readonly orphanedSessionsEnded: number;
  /** Commands that were running in those sessions, now ended and marked interrupted. */
  readonly orphanedCommandsEnded: number;
}

const SIDE_FILES = ['-wal', '-shm'] as const;

const fileSize = (path: string): number => (existsSync(path) ? statSync(path).size : 0);

/** Creates the file 0600 before SQLite does, so it is never readable by others, not even briefly. */
const ensurePrivateFiles = (path: string): void => {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  closeSync(openSync(path, 'a', 0o600));
  for (const suffix of ['', ...SIDE_FILES]) if (existsSync(path + suffix)) chmodSync(path + suffix, 0o600);
};

/**
 * Moves the database and its WAL and shared-memory files aside together: a WAL replayed into the
 * wrong database corrupts it (sqlite.org/howtocorrupt). The side files keep their `-wal`/`-shm`
 * suffix after the new name so that opening `<name>.corrupt-<time>` for salvage pairs them again.
 */
const quarantine = (path: string, now: number): string => {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  let target = `${path}.corrupt-${stamp}`;
  for (let n = 1; existsSync(target); n++) target = `${path}.corrupt-${stamp}-${n}`;
  if (existsSync(path)) renameSync(path, target);
  for (const suffix of SIDE_FILES) if (existsSync(path + suffix)) renameSync(path + suffix, target + suffix);
  return target;
};

const shouldCheck = (policy: IntegrityCheckPolicy, path: string): boolean => {
  if (policy !== 'auto') return policy === 'always';
  return fileSize(`${path}-wal`) > 0 || fileSize(path) < ALWAYS_CHECK_BELOW_BYTES;
};

/**
 * Sessions still open in the file were cut off by a crash: they ended with their last recorded
 * chunk row (a row's ts is its first chunk's, at most one commit interval before its last byte).
 */
const endOrphanedSessions = (db: WritableDb): number =>
  db
    .prepare(
      `UPDATE sessions SET ended_at = coalesce(
         (SELECT ts FROM chunks WHERE chunks.session_id = sessions.id ORDER BY seq DESC LIMIT 1),
         started_at)
       WHERE ended_at IS NULL`,
    )
    .run().changes;

/**
 * Looks for corruption through a read-only connection first: closing a read-write connection
 * checkpoints and deletes the -wal and -shm files, even for a file that is not a database at all
 * (measured), which would destroy the WAL we want to quarantine with it. A read-only connection
 * leaves both in place. Returns the problem found, or undefined.
 */
const probe = (path: string, check: boolean): string | undefined => {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    // Reading the schema cookie reads page 1: a foreign file fails here with SQLITE_NOTADB.
    db.pragma('schema_version');
    if (!check) return undefined;
    const report = checkIntegrity(db, false);
    return report === 'ok' ? undefined : report;
  } catch (error) {
    // Anything else (a hot rollback journal, a lock) is the read-write open's to handle or report.
    return isCorruptionError(error) ? (error as Error).message : undefined;
  } finally {
    db?.close();
  }
};

interface Opened {
  readonly db: WritableDb;
  readonly orphaned: number;
  readonly interrupted: number;
}

const openOnce = (options: OpenWriterOptions): Opened => {
  const fresh = fileSize(options.path) === 0;
  ensurePrivateFiles(options.path);
  const db = new Database(options.path);
  try {
    // Only possible before the first table exists (and before WAL writes the header): a new file
    // can give pages freed by retention back to the file system in steps. Older files switch with
    // one VACUUM, the first time the user asks to free space (history/space.ts).
    if (fresh) db.pragma('auto_vacuum = INCREMENTAL');
    const writable = configureWriter(db);
    migrate(writable, options.migrations);
    if (options.resume) return { db: writable, interrupted: 0, orphaned: 0 };
    // Commands first: their end is read from sessions' chunks, and both land in one commit.
    return writable
      .transaction(() => {
        const interrupted = endOrphanedCommands(writable);
        return { db: writable, interrupted, orphaned: endOrphanedSessions(writable) };
      })
      .immediate();
  } catch (error) {
    db.close();
    throw error;
  }
};

/**
 * Opens (creating if needed) the writer's connection: private file modes, pragmas, optional
 * integrity check, migrations, orphaned sessions ended. A corrupt file is quarantined and a fresh
 * database started; a database from a newer version is refused (StoreVersionError), never moved.
 */
export const openWriter = (options: OpenWriterOptions): OpenedWriter => {
  const now = options.now ?? Date.now;
  const { path } = options;
  if (options.resume) {
    const { db } = openOnce(options);
    return { db, orphanedSessionsEnded: 0, orphanedCommandsEnded: 0 };
  }
  let recoveredCorruptTo: string | undefined;
  if (fileSize(path) > 0) {
    if (probe(path, shouldCheck(options.integrityCheck ?? 'auto', path)) !== undefined) recoveredCorruptTo = quarantine(path, now());
  } else if (SIDE_FILES.some((suffix) => existsSync(path + suffix))) {
    // A WAL without its database cannot be replayed into anything: keep it for salvage, out of the way.
    recoveredCorruptTo = quarantine(path, now());
  }
  let opened: Opened;
  try {
    opened = openOnce(options);
  } catch (error) {
    // Damage the probe did not cover (it skips the full check on large files after a clean shutdown).
    if (!isCorruptionError(error)) throw error;
    recoveredCorruptTo = quarantine(path, now());
    opened = openOnce(options);
  }
  return {
    db: opened.db,
    orphanedSessionsEnded: opened.orphaned,
    orphanedCommandsEnded: opened.interrupted,
    ...(recoveredCorruptTo ? { recoveredCorruptTo } : {}),
  };
};
