// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/**
 * What retention and forgetting need (electron/store/history/).
 *
 * - `sessions.raw_bytes`: the session's stored chunk bytes, kept by the writer as it inserts and
 *   deletes, so the size cap is checked with a sum over sessions instead of a scan of gigabytes of
 *   chunks. Backfilled once here: `length()` of a BLOB column reads the record header only, not
 *   the blob's overflow pages. `sessions_with_raw` is the pruner's queue, oldest first.
 * - `commands.output_dropped`: raw output bytes dropped from the middle of a command over the
 *   per-command limit. Like `interrupted` it lands after `clean_output`; it is non-zero only for
 *   the rare command past the limit, and zero is stored in the record header.
 * - FTS5 `secure-delete`: a deleted command's tokens are removed from the index at once instead of
 *   being shadowed by a delete marker until a merge, so a forgotten command leaves nothing behind
 *   in the index (with `PRAGMA secure_delete`, not even in freed space). `optimize` purges what
 *   earlier deletes left in older segments.
 */
export const up = (db: MigrationDb): void => {
  db.exec(`
    ALTER TABLE sessions ADD COLUMN raw_bytes INTEGER NOT NULL DEFAULT 0;
    UPDATE sessions SET raw_bytes = (SELECT coalesce(sum(length(data)), 0) FROM chunks WHERE chunks.session_id = sessions.id);
    CREATE INDEX sessions_with_raw ON sessions (started_at) WHERE raw_bytes > 0;
    CREATE INDEX sessions_by_start ON sessions (started_at);
    ALTER TABLE commands ADD COLUMN output_dropped INTEGER NOT NULL DEFAULT 0;
    INSERT INTO commands_fts (commands_fts, rank) VALUES ('secure-delete', 1);
    INSERT INTO commands_fts (commands_fts) VALUES ('optimize');
  `);
};
