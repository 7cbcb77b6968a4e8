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
/** The newest FTS5 matches of the query's words taken as candidates too, from anywhere in history. */
export const HISTORY_FTS_CANDIDATES = 2000;
/** Shorter words are left to the recent window: a one- or two-letter prefix merges huge doclists in FTS5. */
const FTS_MIN_TERM = 3;

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
        SELECT rowid AS rid FROM commands_fts WHERE commands_fts MATCH '{command_line} : (' || @match || ')'
        ORDER BY rowid DESC LIMIT @candidates
      ) AS hit CROSS JOIN commands c ON c.rid = hit.rid WHERE ${where}`,
    rows: `SELECT c.rid, ${COMMAND_COLUMNS} FROM json_each(?) AS j CROSS JOIN commands c ON c.rid = j.value ORDER BY j.key`,
  };
};

/** Words for FTS5: each a quoted prefix (any word may be half typed), ANDed; undefined when none is long enough. */
export const prefixMatch = (query: string): string | undefined => {
  const terms = query
    .replace(/\p{Cc}/gu, ' ')
    .split(/\s+/u)
    .filter((term) => /[\p{L}\p{N}]/u.test(term));
  if (terms.length === 0 || !terms.some((term) => [...term].length >= FTS_MIN_TERM)) return undefined;
  return terms.map((term) => `"${term.replaceAll('"', '""')}"*`).join(' ');
};

const params = (filters: HistoryFilters) => ({
  ...(filters.cwd !== undefined ? { cwd: filters.cwd } : {}),
  ...(filters.sessionId !== undefined ? { sessionId: filters.sessionId } : {}),
  ...(filters.hostname !== undefined ? { hostname: filters.hostname } : {}),
  ...(filters.since !== undefined ? { since: filters.since } : {}),
  ...(filters.until !== undefined ? { until: filters.until } : {}),
});

/**
 * Candidates, one per distinct command line (its newest run), never one of `excluded` (forgets
 * still in their undo window: an older run of the same line may stand in).
 */
const candidates = (statements: StatementCache, query: string, filters: HistoryFilters, excluded: ReadonlySet<string>): Candidate[] => {
  const sql = historySearchSql(filters);
  const bound = params(filters);
  const rows = statements.get(sql.recent).all({ ...bound, window: HISTORY_WINDOW }) as Candidate[];
  const match = prefixMatch(query);
  if (match !== undefined) rows.push(...(statements.get(sql.fts).all({ ...bound, match, candidates: HISTORY_FTS_CANDIDATES }) as Candidate[]));
  const newest = new Map<string, Candidate>();
  for (const row of rows) {
    if (excluded.has(row.id)) continue;
    const seen = newest.get(row.line);
    if (!seen || seen.rid < row.rid) newest.set(row.line, row);
  }
  return [...newest.values()];
};

/**
 * The Ctrl+R search: FTS5 and recency candidates ranked by fuzzysort on the command line, the newest
 * breaking ties; an empty query lists the newest lines. fuzzysort (rather than uFuzzy) because it
 * scores every match, so ranking and tie-breaking are one sort, and gives the matched indexes.
 */
export const readHistorySearch = (
  statements: StatementCache,
  request: HistorySearchRequest,
  excluded: ReadonlySet<string> = new Set(),
): HistorySearchHit[] => {
  const { query: raw, limit = HISTORY_SEARCH_DEFAULT, ...filters } = request;
  const query = raw.trim();
  const found = candidates(statements, query, filters, excluded);
  const ranked: { rid: number; matched: number[] }[] =
    query === ''
      ? found.sort((a, b) => b.rid - a.rid).map((c) => ({ rid: c.rid, matched: [] }))
      : go(query, found, { key: 'line', limit: 0, threshold: 0 })
          .map((result) => ({ rid: result.obj.rid, score: result.score, matched: [...result.indexes] }))
          .sort((a, b) => b.score - a.score || b.rid - a.rid)
          .map(({ rid, matched }) => ({ rid, matched }));
  const top = ranked.slice(0, limit);
  if (top.length === 0) return [];
  const matched = new Map(top.map((hit) => [hit.rid, hit.matched]));
  // By rid, not position: a forget committed between the two reads leaves its row out.
  const rows = statements.get(historySearchSql(filters).rows).all(JSON.stringify([...matched.keys()])) as (CommandRow & { rid: number })[];
  return rows.map((row) => ({ command: toCommandRecord(row), matched: matched.get(row.rid) ?? [] }));
};
