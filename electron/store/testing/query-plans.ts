// SPDX-License-Identifier: MIT
import { StatementCache, type WritableDb } from '../database/database';

/** The plan's detail lines, e.g. "SEARCH c USING INDEX commands_by_session (session_id=?)". */
export const queryPlan = (db: WritableDb, sql: string, ...params: unknown[]): string[] =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail);

/**
 * Statistics that look like a large history, as `PRAGMA optimize` would leave them in the field:
 * plans are checked both without statistics and with these, since SQLite may choose differently.
 */
export const LARGE_HISTORY_STATS = `
  ANALYZE;
  DELETE FROM sqlite_stat1;
  INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES
    ('commands', 'commands_by_session', '1000000 100 1'),
    ('commands', 'commands_by_start', '1000000 2'),
    ('commands', 'sqlite_autoindex_commands_1', '1000000 1'),
    ('commands', 'commands_by_cwd', '1000000 500 2'),
    ('commands', 'commands_by_host', '1000000 50000 2'),
    ('commands', 'commands_failed_by_start', '100000 2'),
    ('chunks', 'chunks_by_output', '5000000 500 250 1'),
    ('chunks', 'sqlite_autoindex_chunks_1', '5000000 500 1'),
    ('sessions', 'sessions_by_end', '10000 1');
  ANALYZE sqlite_schema;
`;

/**
 * A StatementCache that remembers every SQL text it was asked for, so a plan test checks the
 * statements the real code prepares (through its public API) rather than copies of them.
 */
export class RecordingStatements extends StatementCache {
  readonly seen = new Set<string>();

  override get(sql: string): ReturnType<StatementCache['get']> {
    this.seen.add(sql);
    return super.get(sql);
  }
}
