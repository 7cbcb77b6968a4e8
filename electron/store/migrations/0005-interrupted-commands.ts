// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/**
 * Marks commands that were still running when the app died (kill -9, a crash, power loss): on the
 * next start they are ended at their session's last recorded byte and flagged here, so the UI can
 * tell "cut off" apart from "finished without an exit status".
 *
 * The column lands after `clean_output`, which the table otherwise keeps last so listing commands
 * never walks its overflow pages. That holds here too: 0 and 1 are stored as SQLite's zero-length
 * integer serial types, whose value sits in the record header, so reading the flag never reads
 * the payload behind the long text. Rows from before this migration simply lack the column and
 * read its default.
 *
 * `commands_open` lets the start-up sweep find the running commands without scanning a history of
 * millions: it only ever holds the few commands running right now.
 */
export const up = (db: MigrationDb): void => {
  db.exec(`
    ALTER TABLE commands ADD COLUMN interrupted INTEGER NOT NULL DEFAULT 0 CHECK (interrupted IN (0, 1));
    CREATE INDEX commands_open ON commands (session_id) WHERE ended_at IS NULL;
  `);
};
