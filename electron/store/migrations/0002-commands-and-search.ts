// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/**
 * Commands and their full-text index.
 *
 * `rid` is an explicit INTEGER PRIMARY KEY because the FTS index refers to rows by rowid, and
 * VACUUM may renumber an implicit rowid: `id` ("{session_id}:{seq}") is the unique public key.
 *
 * The FTS5 table is external-content rather than contentless: the text already lives in
 * `commands`, so nothing is stored twice, and unlike a contentless index it can be rebuilt from its
 * content ('rebuild'), checked against it ('integrity-check' with rank 1), and serve
 * snippet()/highlight() later.
 *
 * Its content is the view `commands_search`, not the table, because clean output is indexed later
 * than it is written: FTS5 tokenizes at ~17 MB/s here against ~130 MB/s for chunk inserts, so
 * indexing output in the recording transaction would halve ingest during a flood. A command line
 * is searchable as soon as it commits; its output once `output_indexed` is set by the writer's
 * idle-time indexer (writer.ts). The view shows exactly the indexed text, so 'rebuild' and
 * 'integrity-check' stay exact. Triggers keep the index in step, whoever writes.
 */
export const up = (db: MigrationDb): void => {
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
      source TEXT NOT NULL CHECK (source IN ('integrated', 'heuristic')),
      output_indexed INTEGER NOT NULL DEFAULT 0 CHECK (output_indexed IN (0, 1)),
      -- The long text goes last: reading the columns before it never walks its overflow pages.
      output_summary TEXT NOT NULL,
      clean_output TEXT
    ) STRICT;
    CREATE UNIQUE INDEX commands_by_session ON commands (session_id, seq);
    CREATE INDEX commands_by_start ON commands (started_at);
    -- The indexer's queue: tiny, because it only holds outputs not yet indexed.
    CREATE INDEX commands_output_unindexed ON commands (rid) WHERE output_indexed = 0 AND clean_output IS NOT NULL;

    CREATE VIEW commands_search AS
      SELECT rid, command_line, CASE WHEN output_indexed = 1 THEN clean_output END AS clean_output FROM commands;

    CREATE VIRTUAL TABLE commands_fts USING fts5 (
      command_line, clean_output,
      content = 'commands_search', content_rowid = 'rid',
      tokenize = 'unicode61 remove_diacritics 2'
    );

    CREATE TRIGGER commands_fts_insert AFTER INSERT ON commands BEGIN
      INSERT INTO commands_fts (rowid, command_line, clean_output)
        VALUES (new.rid, new.command_line, CASE WHEN new.output_indexed = 1 THEN new.clean_output END);
    END;
    CREATE TRIGGER commands_fts_delete AFTER DELETE ON commands BEGIN
      INSERT INTO commands_fts (commands_fts, rowid, command_line, clean_output)
        VALUES ('delete', old.rid, old.command_line, CASE WHEN old.output_indexed = 1 THEN old.clean_output END);
    END;
    -- Re-index only when the indexed text changes: a command's end usually changes only its exit code and times.
    CREATE TRIGGER commands_fts_update AFTER UPDATE OF command_line, clean_output, output_indexed ON commands
    WHEN old.command_line IS NOT new.command_line
      OR (CASE WHEN old.output_indexed = 1 THEN old.clean_output END) IS NOT (CASE WHEN new.output_indexed = 1 THEN new.clean_output END)
    BEGIN
      INSERT INTO commands_fts (commands_fts, rowid, command_line, clean_output)
        VALUES ('delete', old.rid, old.command_line, CASE WHEN old.output_indexed = 1 THEN old.clean_output END);
      INSERT INTO commands_fts (rowid, command_line, clean_output)
        VALUES (new.rid, new.command_line, CASE WHEN new.output_indexed = 1 THEN new.clean_output END);
    END;
  `);
};
