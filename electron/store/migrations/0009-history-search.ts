// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/**
 * For the Ctrl+R history search (now the history engine's fuzzy mode, electron/store/history-engine/fuzzy.ts), which must answer a
 * keystroke in a few milliseconds at a million commands.
 *
 * Its filters' indexes, each walked newest first and stopped at its bound: "this directory" and
 * "this host" are (column, started_at); "failed only" a partial index of the failures alone. "This
 * session" already has commands_by_session, a time range commands_by_start.
 *
 * A full-text index of command lines alone, with prefix indexes for 2 and 3 characters. Typing
 * searches by prefix, and a prefix query on commands_fts (0002) reads the doclists of every word
 * that starts so, in outputs too, before its column filter drops them: `"git" "sta"*` took 7–17 ms
 * at a million commands, here 0.5 ms. External content, as 0002's, so the lines are not stored twice;
 * secure-delete, as 0006 set for commands_fts, so a forgotten line leaves no trace in the index.
 */
export const up = (db: MigrationDb): void => {
  db.exec(`
    CREATE INDEX commands_by_cwd ON commands (cwd, started_at);
    CREATE INDEX commands_by_host ON commands (hostname, started_at);
    CREATE INDEX commands_failed_by_start ON commands (started_at) WHERE exit_code <> 0;

    CREATE VIRTUAL TABLE commands_line_fts USING fts5 (
      command_line,
      content = 'commands', content_rowid = 'rid',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
    );
    INSERT INTO commands_line_fts (commands_line_fts, rank) VALUES ('secure-delete', 1);
    INSERT INTO commands_line_fts (commands_line_fts) VALUES ('rebuild');

    CREATE TRIGGER commands_line_fts_insert AFTER INSERT ON commands BEGIN
      INSERT INTO commands_line_fts (rowid, command_line) VALUES (new.rid, new.command_line);
    END;
    CREATE TRIGGER commands_line_fts_delete AFTER DELETE ON commands BEGIN
      INSERT INTO commands_line_fts (commands_line_fts, rowid, command_line) VALUES ('delete', old.rid, old.command_line);
    END;
    -- A command's end changes its exit code and times, not its line: re-index only a new line.
    CREATE TRIGGER commands_line_fts_update AFTER UPDATE OF command_line ON commands
    WHEN old.command_line IS NOT new.command_line
    BEGIN
      INSERT INTO commands_line_fts (commands_line_fts, rowid, command_line) VALUES ('delete', old.rid, old.command_line);
      INSERT INTO commands_line_fts (rowid, command_line) VALUES (new.rid, new.command_line);
    END;
  `);
};
