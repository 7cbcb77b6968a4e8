// SPDX-License-Identifier: MIT

/** How the writer commits, and its statements (prepared once per connection, writer.ts). */

/**
 * When to commit: `intervalMs` after the first uncommitted write, or as soon as `maxBytes` of chunk
 * data wait, whichever comes first. 20 ms keeps the crash-loss window far under a second; 100
 * chunks/transaction is where NORMAL's per-commit cost stops mattering (performance.md §4).
 */
export interface CommitCadence {
  readonly intervalMs: number;
  readonly maxBytes: number;
}

export const DEFAULT_CADENCE: CommitCadence = { intervalMs: 20, maxBytes: 4 * 1024 * 1024 };

export const WRITER_SQL = {
  // Idempotent: a writer restarted after a failure is sent again what its predecessor never confirmed.
  startSession: `INSERT INTO sessions (id, started_at, ended_at, shell, hostname, cwd, title, mode)
    VALUES (?, ?, NULL, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
  updateSession: `UPDATE sessions SET title = coalesce(?, title), mode = coalesce(?, mode),
    cwd = coalesce(?, cwd), hostname = coalesce(?, hostname) WHERE id = ?`,
  endSession: 'UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL',
  chunk: 'INSERT INTO chunks (session_id, seq, ts, direction, output_offset, data) VALUES (?, ?, ?, ?, ?, ?)',
  nextSeq: 'SELECT coalesce(max(seq) + 1, 0) FROM chunks WHERE session_id = ?',
  // A command is written when it starts and again when it ends; the end may not repeat the clean output.
  command: `INSERT INTO commands (id, session_id, seq, command_line, cwd, hostname, shell, started_at, ended_at,
      exit_code, output_start, output_end, output_summary, clean_output, source, interrupted)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET command_line = excluded.command_line, cwd = excluded.cwd,
      hostname = excluded.hostname, shell = excluded.shell, started_at = excluded.started_at,
      ended_at = excluded.ended_at, exit_code = excluded.exit_code, output_start = excluded.output_start,
      output_end = excluded.output_end, output_summary = excluded.output_summary,
      clean_output = coalesce(excluded.clean_output, commands.clean_output), source = excluded.source,
      interrupted = excluded.interrupted,
      output_indexed = CASE WHEN excluded.clean_output IS NULL THEN commands.output_indexed ELSE 0 END`,
  commandRemote: 'INSERT OR IGNORE INTO command_remotes (command_id, host, user) VALUES (?, ?, ?)',
  commandActor: 'INSERT OR IGNORE INTO command_actors (command_id, actor) VALUES (?, ?)',
} as const;
