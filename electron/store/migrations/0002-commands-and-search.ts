// SPDX-License-Identifier: MIT
import type { WritableDb } from '../database';

/**
 * Commands (the seeds' CommandRecord) and their full-text index.
 *
 * `rid` is an explicit INTEGER PRIMARY KEY because the FTS index refers to rows by rowid, and
 * VACUUM may renumber an implicit rowid: `id` ("{session_id}:{seq}") is the unique public key.
 *
 * The FTS5 table is external-content over `commands` rather than contentless: the text already
 * lives in `commands`, so nothing is stored twice, and unlike a contentless index it can be rebuilt
 * from its content ('rebuild') and checked against it ('integrity-check'), and it can serve
 * snippet()/highlight() later. Triggers keep it in step so no write path can forget it; the update
 * trigger only re-indexes when the indexed text actually changed (a command's end usually changes
 * only its exit code, end time and clean output).
 */
export const up = (db: WritableDb): void => {
  db.exec(`
    CREATE TABLE commands (
      rid INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      command_line TEXT,
      cwd TEXT,
      hostname TEXT,
      shell TEXT,
      started_at INTEGER NOT NULL,
      ended_at INTEGER,
      exit_code INTEGER,
      output_start INTEGER NOT NULL,
      output_end INTEGER,
      output_summary TEXT NOT NULL,
      clean_output TEXT,
      source TEXT NOT NULL CHECK (source IN ('integrated', 'heuristic'))
    ) STRICT;
    CREATE UNIQUE INDEX commands_by_session ON commands (session_id, seq);
    CREATE INDEX commands_by_start ON commands (started_at);

    CREATE VIRTUAL TABLE commands_fts USING fts5 (
      command_line, clean_output,
      content = 'commands', content_rowid = 'rid',
      tokenize = 'unicode61 remove_diacritics 2'
    );

    CREATE TRIGGER commands_fts_insert AFTER INSERT ON commands BEGIN
      INSERT INTO commands_fts (rowid, command_line, clean_output)
        VALUES (new.rid, new.command_line, new.clean_output);
    END;
    CREATE TRIGGER commands_fts_delete AFTER DELETE ON commands BEGIN
      INSERT INTO commands_fts (commands_fts, rowid, command_line, clean_output)
        VALUES ('delete', old.rid, old.command_line, old.clean_output);
    END;
    CREATE TRIGGER commands_fts_update AFTER UPDATE OF command_line, clean_output ON commands
    WHEN old.command_line IS NOT new.command_line OR old.clean_output IS NOT new.clean_output BEGIN
      INSERT INTO commands_fts (commands_fts, rowid, command_line, clean_output)
        VALUES ('delete', old.rid, old.command_line, old.clean_output);
      INSERT INTO commands_fts (rowid, command_line, clean_output)
        VALUES (new.rid, new.command_line, new.clean_output);
    END;
  `);
};
