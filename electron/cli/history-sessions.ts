// SPDX-License-Identifier: MIT
import { displayLine } from '../../shared/text/display-text';
import { outwardSession } from '../context/outward/outward-view';
import type { Redactor } from '../context/redaction';
import { SESSION_COLUMNS, toSessionInfo, type SessionRow } from '../store/database/rows';
import type { HistoryDb } from './history-db';

/** One session as `history sessions --json` gives it (docs/cli-and-mcp.md): snake_case, epoch ms. */
export interface SessionSummary {
  readonly id: string;
  readonly started_at: number;
  readonly ended_at: number | null;
  readonly shell: string | null;
  readonly hostname: string | null;
  readonly cwd: string | null;
  readonly title: string | null;
  readonly commands: number;
}

const time = (ms: number | null): string => (ms === null ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));

/**
 * The recorded sessions, newest first, each with its command count: the ids `history export`
 * takes, which no other command listed. Every text field passes the outward view.
 */
export const listSessions = (db: HistoryDb, redactor: Redactor, limit: number): SessionSummary[] => {
  const rows = db.read((_, sql) =>
    sql
      .prepare(
        `SELECT ${SESSION_COLUMNS}, (SELECT count(*) FROM commands c WHERE c.session_id = sessions.id) AS command_count
         FROM sessions ORDER BY started_at DESC, id LIMIT ?`,
      )
      .all(limit),
  ) as Array<SessionRow & { command_count: number }>;
  return rows.map((row) => {
    const session = outwardSession(toSessionInfo(row), redactor);
    return {
      id: session.id,
      started_at: session.startedAt,
      ended_at: session.endedAt,
      shell: session.shell,
      hostname: session.hostname,
      cwd: session.cwd,
      title: session.title,
      commands: row.command_count,
    };
  });
};

/**
 * `history sessions`: the JSON array, or one tab-separated line per session (id, started and ended
 * in UTC, `-` while open, command count, shell, host, directory, title; controls shown as pictures).
 */
export const formatSessions = (sessions: readonly SessionSummary[], json: boolean): string => {
  if (json) return `${JSON.stringify(sessions)}\n`;
  return sessions
    .map((s) =>
      [s.id, time(s.started_at), time(s.ended_at), String(s.commands), s.shell, s.hostname, s.cwd, s.title]
        .map((f) => displayLine(f ?? '') ?? '')
        .join('\t'),
    )
    .map((line) => `${line}\n`)
    .join('');
};
