// SPDX-License-Identifier: MIT
import { go } from 'fuzzysort';
import type { HistorySearchHit, HistorySearchRequest } from '../../../shared/ipc/history';
import type { StatementCache } from '../database/database';
import { COMMAND_COLUMNS, toCommandRecord, type CommandRow } from './rows';

/** Results when the request names no limit: more than a screenful, few enough to send at every keystroke. */
export const HISTORY_SEARCH_DEFAULT = 50;
/**
 * The newest commands (within the filters) matched fuzzily at every keystroke, whatever the query:
 * a misspelt or letter-skipping query has no FTS5 token to find, and most Ctrl+R searches look for
 * something recent. Bounded so a keystroke costs the same at any history size.
 */
export const HISTORY_WINDOW = 4000;
/** The newest FTS5 matches of the query's words (commands_line_fts) taken as candidates too, from anywhere in history. */
export const HISTORY_FTS_CANDIDATES = 1000;
/**
 * A fuzzysort score this good or better is a real match (a skipped letter scores about 0.3, letters
 * scattered over a long line less). When the recent window alone has a result list of those, older
 * FTS5 matches could only come after them (newest breaks ties), so they are not looked up.
 */
const GOOD_MATCH = 0.5;
/** A one-letter word is left to the recent window: commands_line_fts has prefix indexes from two letters (migration 9). */
const FTS_MIN_TERM = 2;

export type HistoryFilters = Omit<HistorySearchRequest, 'query' | 'limit'>;

interface Candidate {
  readonly rid: number;
  readonly id: string;
  readonly line: string;
}

/**
 * The filters as SQL on indexed columns (migration 9), only those switched on, so the planner sees
 * plain equalities and ranges: `@x IS NULL OR …` would hide every index from it. `exit_code <> 0`
 * is written exactly as commands_failed_by_start's WHERE so that partial index qualifies.
 */
export const filterSql = (filters: HistoryFilters): { where: string; order: string } => {
  const clauses = ["c.command_line IS NOT NULL AND c.command_line <> ''"];
  if (filters.cwd !== undefined) clauses.push('c.cwd = @cwd');
  if (filters.sessionId !== undefined) clauses.push('c.session_id = @sessionId');
  if (filters.hostname !== undefined) clauses.push('c.hostname = @hostname');
  if (filters.failedOnly === true) clauses.push('c.exit_code <> 0');
  if (filters.since !== undefined) clauses.push('c.started_at >= @since');
  if (filters.until !== undefined) clauses.push('c.started_at < @until');
  // One session's commands come newest first down its (session_id, seq) index, with no sort.
  const order = filters.sessionId !== undefined ? 'c.seq DESC' : 'c.started_at DESC';
  return { where: clauses.join(' AND '), order };
};

/** The SQL for one set of filters (exported for the EXPLAIN QUERY PLAN tests and the benchmark). */
export const historySearchSql = (filters: HistoryFilters) => {
  const { where, order } = filterSql(filters);
  return {
    recent: `SELECT c.rid, c.id, c.command_line AS line FROM commands c WHERE ${where} ORDER BY ${order} LIMIT @window`,
    // The newest matches, then the filters: bounded work even when a filter leaves few of them.
    fts: `SELECT c.rid, c.id, c.command_line AS line FROM (
        SELECT rowid AS rid FROM commands_line_fts WHERE commands_line_fts MATCH @match ORDER BY rowid DESC LIMIT @candidates
      ) AS hit CROSS JOIN commands c ON c.rid = hit.rid WHERE ${where}`,
    rows: `SELECT c.rid, ${COMMAND_COLUMNS} FROM json_each(?) AS j CROSS JOIN commands c ON c.rid = j.value ORDER BY j.key`,
  };
};

/**
 * Words for FTS5, quoted so nothing is syntax, ANDed: the words before the last as typed (finished),
 * the last one a prefix (being typed). Undefined when the last word is a single letter: no prefix
 * index covers it, and FTS5 would merge the doclists of every word starting with it.
 */
export const prefixMatch = (query: string): string | undefined => {
  const terms = query
    .replace(/\p{Cc}/gu, ' ')
    .split(/\s+/u)
    .filter((term) => /[\p{L}\p{N}]/u.test(term));
  const last = terms.at(-1);
  if (last === undefined || [...last].length < FTS_MIN_TERM) return undefined;
  return terms.map((term, i) => `"${term.replaceAll('"', '""')}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
};

const params = (filters: HistoryFilters) => ({
  ...(filters.cwd !== undefined ? { cwd: filters.cwd } : {}),
  ...(filters.sessionId !== undefined ? { sessionId: filters.sessionId } : {}),
  ...(filters.hostname !== undefined ? { hostname: filters.hostname } : {}),
  ...(filters.since !== undefined ? { since: filters.since } : {}),
  ...(filters.until !== undefined ? { until: filters.until } : {}),
});

/** One per distinct command line (its newest run), never one of `excluded` (an older run may stand in). */
const distinct = (rows: readonly Candidate[], excluded: ReadonlySet<string>): Candidate[] => {
  const newest = new Map<string, Candidate>();
  for (const row of rows) {
    if (excluded.has(row.id)) continue;
    const seen = newest.get(row.line);
    if (!seen || seen.rid < row.rid) newest.set(row.line, row);
  }
  return [...newest.values()];
};

interface Ranked {
  readonly rid: number;
  readonly score: number;
  readonly matched: number[];
}

/** fuzzysort's matches, best first, the newest breaking ties. */
const rank = (query: string, candidates: readonly Candidate[]): Ranked[] =>
  go(query, candidates, { key: 'line', limit: 0, threshold: 0 })
    .map((result) => ({ rid: result.obj.rid, score: result.score, matched: [...result.indexes] }))
    .sort((a, b) => b.score - a.score || b.rid - a.rid);

/** Moves when any connection commits: another's (data_version) or this one's own (total_changes, as in tests). */
const DATA_VERSION = "SELECT (SELECT data_version FROM pragma_data_version()) || ':' || total_changes()";

/** How many recent windows are kept (one per set of filters the overlay switched through). */
const WINDOWS_KEPT = 8;

/**
 * The Ctrl+R search: the recent window and FTS5 candidates ranked by fuzzysort on the command line,
 * the newest breaking ties; an empty query lists the newest lines. fuzzysort (rather than uFuzzy)
 * because it scores every match, so ranking and tie-breaking are one sort, and gives the matched
 * indexes. The window does not depend on the query, so it is read once per set of filters and kept
 * until the database changes (DATA_VERSION): while
 * the user types, a keystroke costs fuzzysort over it, plus FTS5 only when it has too few good matches.
 */
export class HistorySearch {
  private readonly _windows = new Map<string, { version: string; rows: Candidate[] }>();

  constructor(private readonly _statements: StatementCache) {}

  search(request: HistorySearchRequest, excluded: ReadonlySet<string> = new Set()): HistorySearchHit[] {
    const { query: raw, limit = HISTORY_SEARCH_DEFAULT, ...filters } = request;
    const query = raw.trim();
    const sql = historySearchSql(filters);
    const window = distinct(this._window(sql.recent, filters), excluded);
    let ranked: Ranked[];
    if (query === '') {
      ranked = window.sort((a, b) => b.rid - a.rid).map((c) => ({ rid: c.rid, score: 0, matched: [] }));
    } else {
      ranked = rank(query, window);
      const match = prefixMatch(query);
      if (match !== undefined && ranked.filter((r) => r.score >= GOOD_MATCH).length < limit) {
        const older = this._statements.get(sql.fts).all({ ...params(filters), match, candidates: HISTORY_FTS_CANDIDATES }) as Candidate[];
        ranked = rank(query, distinct([...window, ...older], excluded));
      }
    }
    const top = ranked.slice(0, limit);
    if (top.length === 0) return [];
    const matched = new Map(top.map((hit) => [hit.rid, hit.matched]));
    // By rid, not position: a forget committed between the two reads leaves its row out.
    const rows = this._statements.get(sql.rows).all(JSON.stringify([...matched.keys()])) as (CommandRow & { rid: number })[];
    return rows.map((row) => ({ command: toCommandRecord(row), matched: matched.get(row.rid) ?? [] }));
  }

  private _window(sql: string, filters: HistoryFilters): Candidate[] {
    const key = JSON.stringify([sql, params(filters)]);
    const version = this._statements.get(DATA_VERSION).pluck().get() as string;
    const kept = this._windows.get(key);
    if (kept?.version === version) return kept.rows;
    const rows = this._statements.get(sql).all({ ...params(filters), window: HISTORY_WINDOW }) as Candidate[];
    this._windows.delete(key);
    this._windows.set(key, { version, rows });
    if (this._windows.size > WINDOWS_KEPT) this._windows.delete(this._windows.keys().next().value!);
    return rows;
  }
}
