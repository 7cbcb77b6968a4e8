// SPDX-License-Identifier: MIT
import { DomainError } from '../../../shared/ipc/define';
import type { WritableDb } from './database';
import type { Migration } from '../migrations/migration';

export type { Migration };

/**
 * The database was written by a newer Contexterm. Never "repaired": the user's data is intact, just
 * ahead of us. Expected, and only the user can resolve it, so a DomainError: hosts show its message
 * as it is when they cannot start (it names the file, since moving it away is one way out).
 */
class StoreVersionError extends DomainError {
  constructor(
    readonly found: number,
    readonly supported: number,
    readonly path: string,
  ) {
    super(
      'failed',
      `The history database ${path} is from a newer version of Contexterm (schema ${found}; this version understands up to ${supported}). ` +
        'Update Contexterm, or move that file (and its -wal and -shm files, if any) elsewhere to start a new history.',
    );
    this.name = 'StoreVersionError';
  }
}

/** Throws unless versions are exactly 1, 2, 3, …: a gap or duplicate is a merge mistake, not a schema. */
const assertMigrationOrder = (migrations: readonly Migration[]): void => {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`migration ${migration.name} has version ${migration.version}; expected ${index + 1}`);
    }
  });
};

/**
 * Brings the schema to the latest version under `PRAGMA user_version`. Each migration and its
 * version bump commit together (SQLite DDL is transactional), so a crash or a throwing migration
 * leaves the database at the previous version, never half-migrated.
 */
export const migrate = (db: WritableDb, migrations: readonly Migration[]): { from: number; to: number } => {
  assertMigrationOrder(migrations);
  const latest = migrations.length;
  const from = db.pragma('user_version', { simple: true }) as number;
  if (from > latest) throw new StoreVersionError(from, latest, db.name);
  for (const migration of migrations.slice(from)) {
    db.transaction(() => {
      migration.up(db);
      // A pragma cannot take a bound parameter; the version is an integer we just validated.
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return { from, to: latest };
};
