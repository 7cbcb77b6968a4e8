// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';
import type { SessionInfo } from '../../../shared/ipc/session';
import { checkIntegrity, StatementCache, type ReadableDb } from '../database/database';
import type { HistoryQuery } from '../../../shared/domain/history-query';
import { searchHistory, type HistoryAnswer } from '../history-engine/engine';
import { COMMAND_RUNS_LIMIT, readCommandRuns, type CommandRuns } from './command-runs';
import { QUICK_FIX_HISTORY_LIMIT, readQuickFixHistory, type QuickFixHistory } from './quick-fix-history';
import { suggestLines, type SuggestedLine } from './suggest-lines';
import { COMMAND_COLUMNS, SESSION_COLUMNS, toCommandRecord, toSessionInfo, type CommandRow, type SessionRow } from '../database/rows';

/** More ids than any context budget can use; bounds the work a single request can ask for. */
const MAX_IDS = 5000;

/** The hot read SQL, exported for the EXPLAIN QUERY PLAN tests and the benchmarks. */
export const READ_SQL = {
  allSessions: `SELECT ${SESSION_COLUMNS} FROM sessions ORDER BY started_at, id`,
  // Two index seeks; written as a UNION because the planner scans the table for `IS NULL OR >=`.
  sessionsEndedSince: `SELECT ${SESSION_COLUMNS} FROM sessions WHERE ended_at IS NULL
    UNION ALL SELECT ${SESSION_COLUMNS} FROM sessions WHERE ended_at >= ? ORDER BY started_at, id`,
  session: `SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?`,
  recentCommands: `SELECT ${COMMAND_COLUMNS} FROM commands c WHERE c.session_id = ? ORDER BY c.seq DESC LIMIT ?`,
  commandsByIds: `SELECT ${COMMAND_COLUMNS} FROM json_each(?) AS j CROSS JOIN commands c ON c.id = j.value ORDER BY j.key`,
  commandsInWindow: `SELECT ${COMMAND_COLUMNS} FROM commands c WHERE c.started_at >= ? ORDER BY c.started_at DESC, c.rid DESC LIMIT ?`,
  outputRangeStart: `SELECT output_offset FROM chunks
    WHERE session_id = ? AND direction = 1 AND output_offset <= ? ORDER BY output_offset DESC LIMIT 1`,
  outputChunks: `SELECT output_offset, data FROM chunks
    WHERE session_id = ? AND direction = 1 AND output_offset >= ? AND output_offset < ? ORDER BY output_offset`,
  cleanOutput: 'SELECT clean_output FROM commands WHERE id = ?',
} as const;

const assertCount = (name: string, value: number): void => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
};

/**
 * Every read the app does, as indexed queries on one connection. Runs in the reader worker; the
 * method names and signatures are the reader's protocol (see worker/protocol.ts).
 */
export class StoreQueries {
  private readonly _statements: StatementCache;

  constructor(readonly db: ReadableDb) {
    this._statements = new StatementCache(db);
  }

  listSessions(endedSince: number | null): SessionInfo[] {
    const rows = (
      endedSince === null
        ? this._statements.get(READ_SQL.allSessions).all()
        : this._statements.get(READ_SQL.sessionsEndedSince).all(endedSince)
    ) as SessionRow[];
    return rows.map(toSessionInfo);
  }

  getSession(id: string): SessionInfo | undefined {
    const row = this._statements.get(READ_SQL.session).get(id) as SessionRow | undefined;
    return row && toSessionInfo(row);
  }

  /** The session's last `limit` commands, oldest first (the order a transcript reads in). */
  recentCommands(sessionId: string, limit: number): CommandRecord[] {
    assertCount('limit', limit);
    const rows = this._statements.get(READ_SQL.recentCommands).all(sessionId, limit) as CommandRow[];
    return rows.reverse().map(toCommandRecord);
  }

  /** The commands with these ids, in the order asked for; unknown ids are skipped. */
  commandsByIds(ids: readonly string[]): CommandRecord[] {
    if (ids.length > MAX_IDS) throw new RangeError(`at most ${MAX_IDS} ids per request, got ${ids.length}`);
    if (ids.length === 0) return [];
    const rows = this._statements.get(READ_SQL.commandsByIds).all(JSON.stringify(ids)) as CommandRow[];
    return rows.map(toCommandRecord);
  }

  /** The newest `limit` commands started at or after `sinceMs` (epoch ms), across all sessions, oldest first. */
  commandsInWindow(sinceMs: number, limit: number): CommandRecord[] {
    assertCount('limit', limit);
    const rows = this._statements.get(READ_SQL.commandsInWindow).all(sinceMs, limit) as CommandRow[];
    return rows.reverse().map(toCommandRecord);
  }

  /** The runs of a command's exact line, here or anywhere, newest first (command-runs.ts); undefined for an unknown id. */
  commandRuns(commandId: string, anywhere: boolean, limit: number = COMMAND_RUNS_LIMIT): CommandRuns | undefined {
    assertCount('limit', limit);
    return readCommandRuns(this._statements, commandId, anywhere, limit);
  }

  /**
   * The one history engine (history-engine/engine.ts): Ctrl+R, the Commands panel, the CLI and MCP.
   * `excludedIds`: commands to treat as gone (forgets in their undo window).
   */
  searchHistory(query: HistoryQuery, excludedIds: readonly string[] = []): HistoryAnswer {
    return searchHistory(this._statements, query, excludedIds);
  }

  /** Lines starting with what is typed at a prompt, best first (suggest-lines.ts): on every keystroke. */
  suggestLines(prefix: string, cwd: string | null, limit: number, repository: string | null = null): SuggestedLine[] {
    assertCount('limit', limit);
    return suggestLines(this._statements, prefix, cwd, Math.min(limit, 50), repository);
  }

  /** A failed command and the history its quick fixes are found in (quick-fix-history.ts); undefined for an unknown id. */
  quickFixHistory(commandId: string, limit: number = QUICK_FIX_HISTORY_LIMIT): QuickFixHistory | undefined {
    assertCount('limit', limit);
    return readQuickFixHistory(this._statements, commandId, limit);
  }

  /**
   * The raw output bytes [start, end) of a session's output stream (end null: to the end recorded
   * so far). Two index seeks: the chunk containing `start`, then the chunks up to `end`.
   */
  /** Where a session's stored output ends (its stream length), or 0 with none stored. */
  outputEnd(sessionId: string): number {
    const end = this._statements
      .get('SELECT output_offset + length(data) FROM chunks WHERE session_id = ? AND direction = 1 ORDER BY output_offset DESC LIMIT 1')
      .pluck()
      .get(sessionId) as number | undefined;
    return end ?? 0;
  }

  readOutput(sessionId: string, start: number, end: number | null): Buffer {
    assertCount('start', start);
    if (end !== null) assertCount('end', end);
    const stop = end ?? Number.MAX_SAFE_INTEGER;
    if (stop <= start) return Buffer.alloc(0);
    const first = this._statements.get(READ_SQL.outputRangeStart).pluck().get(sessionId, start) as number | undefined;
    const rows = this._statements.get(READ_SQL.outputChunks).all(sessionId, first ?? 0, stop) as { output_offset: number; data: Buffer }[];
    const parts: Buffer[] = [];
    let size = 0;
    for (const { output_offset: offset, data } of rows) {
      const from = Math.max(0, start - offset);
      const to = Math.min(data.length, stop - offset);
      if (to <= from) continue;
      const part = data.subarray(from, to);
      parts.push(part);
      size += part.length;
    }
    // Its own ArrayBuffer (never Node's shared pool) so the worker can transfer it instead of copying.
    const out = Buffer.allocUnsafeSlow(size);
    let at = 0;
    for (const part of parts) at += part.copy(out, at);
    return out;
  }

  readCleanOutput(commandId: string): string | undefined {
    const value = this._statements.get(READ_SQL.cleanOutput).pluck().get(commandId) as string | null | undefined;
    return value ?? undefined;
  }

  /** The full `PRAGMA integrity_check` report: 'ok' when sound. */
  integrityCheck(): string {
    return checkIntegrity(this.db, true);
  }
}
