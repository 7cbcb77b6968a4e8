// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/**
 * Indexes for the Ctrl+R history search's filters (electron/store/queries/history-search.ts): each
 * walks one filter's commands newest first and stops at its bound, at any history size. "This
 * directory" and "this host" are (column, started_at); "failed only" is a partial index holding only
 * the failures, so it stays small. "This session" already has commands_by_session (session_id, seq),
 * and a time range commands_by_start.
 */
export const up = (db: MigrationDb): void => {
  db.exec(`
    CREATE INDEX commands_by_cwd ON commands (cwd, started_at);
    CREATE INDEX commands_by_host ON commands (hostname, started_at);
    CREATE INDEX commands_failed_by_start ON commands (started_at) WHERE exit_code <> 0;
  `);
};
