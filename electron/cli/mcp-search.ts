// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import type { HistoryQuery } from '../../shared/domain/history-query';
import type { Redactor } from '../context/redaction';
import type { HistoryDb } from './history-db';
import { hostOf, newestFirst, searchRedacted } from './history-read';

/** What the history engine answers a query with (electron/store/history-engine/, `searchForOutside`). */
export interface HistoryAnswer {
  readonly commands: CommandRecord[];
  /** How many records match in all, of which `commands` is the page at `offset`. */
  readonly total: number;
  /** False when `total` is a lower bound (the engine stopped counting). */
  readonly totalExact: boolean;
}

/**
 * True once this adapter calls the one history engine. Tests of what only the engine does
 * (records matching some of the words, filters with no query, exact totals) wait for it.
 */
export const ENGINE_SEARCH = false;

/** Records scanned for the interim filters below: the newest matches, as today's search ranks them. */
const INTERIM_SCAN = 1000;

const FILTER_KEYS = ['cwd', 'exitCode', 'failed', 'host', 'since', 'until', 'ranBy', 'sessionId'] as const;

const underDir = (cwd: string | null, dir: string): boolean => {
  if (cwd === null) return false;
  const base = dir.length > 1 ? dir.replace(/\/+$/, '') : dir;
  return cwd === base || cwd.startsWith(base.endsWith('/') ? base : `${base}/`);
};

const failed = (command: CommandRecord): boolean => command.interrupted === true || (command.exitCode !== null && command.exitCode !== 0);

const matches = (command: CommandRecord, query: HistoryQuery, redactor: Redactor): boolean => {
  if (query.cwd !== undefined && !underDir(command.cwd, query.cwd)) return false;
  if (query.exitCode !== undefined && command.exitCode !== query.exitCode) return false;
  if (query.failed !== undefined && failed(command) !== query.failed) return false;
  if (query.since !== undefined && command.startedAt < query.since) return false;
  if (query.until !== undefined && command.startedAt >= query.until) return false;
  if (query.ranBy !== undefined && (command.ranBy ?? 'user') !== query.ranBy) return false;
  if (query.sessionId !== undefined && command.sessionId !== query.sessionId) return false;
  if (query.host !== undefined) {
    const host = hostOf(command, redactor);
    if (host !== query.host && !host?.endsWith(`@${query.host}`)) return false;
  }
  return true;
};

/**
 * The one call the MCP server makes into the history. INTERIM, until the engine lands: the lead
 * replaces this body with `searchForOutside(db, redactor, query)` from history-read.ts and sets
 * ENGINE_SEARCH. Until then it asks today's search (every word must match, newest first; nothing
 * without a word, so a query of filters alone lists the newest commands) and applies the filters
 * to the newest INTERIM_SCAN of its records only, so `total` is then a lower bound.
 */
export const searchHistory = (db: HistoryDb, redactor: Redactor, query: HistoryQuery): HistoryAnswer => {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 20;
  const words = /[\p{L}\p{N}]/u.test(query.query);
  const filtered = FILTER_KEYS.some((key) => query[key] !== undefined);
  // Without filters, one record past the page is enough to know whether there are more.
  const scan = filtered ? INTERIM_SCAN : Math.min(INTERIM_SCAN, offset + limit + 1);
  const scanned = words ? searchRedacted(db, redactor, query.query, scan) : db.read((queries) => queries.commandsInWindow(0, scan)).sort(newestFirst);
  const kept = scanned.filter((command) => matches(command, query, redactor));
  return { commands: kept.slice(offset, offset + limit), total: kept.length, totalExact: scanned.length < scan };
};
