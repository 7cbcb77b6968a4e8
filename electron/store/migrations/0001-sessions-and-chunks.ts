// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/**
 * Sessions and their raw byte streams.
 *
 * Timestamps are integer milliseconds since the epoch. A chunk's `output_offset` is the byte offset
 * of its start in the session's output stream (for an input chunk: the output offset at the moment
 * it was typed), so a command's output range is an indexed range query on `chunks_by_output` instead
 * of a walk over every chunk of the session.
 *
 * `chunks` stays a rowid table: its ~4 KB rows would overflow a WITHOUT ROWID b-tree's leaves.
 */
export const up = (db: MigrationDb): void => {
  db.exec(`
    CREATE TABLE sessions (
      id TEXT PRIMARY KEY NOT NULL,
      started_at INTEGER NOT NULL,
      ended_at INTEGER,
      shell TEXT NOT NULL,
      hostname TEXT NOT NULL,
      cwd TEXT NOT NULL,
      title TEXT NOT NULL,
      mode TEXT NOT NULL CHECK (mode IN ('integrated', 'heuristic', 'unknown'))
    ) STRICT;
    CREATE INDEX sessions_by_end ON sessions (ended_at);

    CREATE TABLE chunks (
      session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      ts INTEGER NOT NULL,
      direction INTEGER NOT NULL CHECK (direction IN (0, 1)),
      output_offset INTEGER NOT NULL,
      data BLOB NOT NULL,
      PRIMARY KEY (session_id, seq)
    ) STRICT;
    CREATE INDEX chunks_by_output ON chunks (session_id, direction, output_offset);
  `);
};
