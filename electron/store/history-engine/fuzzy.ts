// SPDX-License-Identifier: MIT
import { go } from 'fuzzysort';
import type { StatementCache } from '../database/database';
import { NEWEST_FIRST, type FilterSql } from './filters';
import type { RankedPage } from './listing';
import { prefixMatch } from './terms';

/**
 * The newest commands (within the filters) matched fuzzily at every keystroke, whatever the query:
 * a misspelt or letter-skipping query has no FTS5 token to find, and most Ctrl+R searches look for
 * something recent. Bounded so a keystroke costs the same at any history size.
 */
const HISTORY_WINDOW = 4000;
/** The newest FTS5 matches of the query's words (commands_line_fts) taken as candidates too, from anywhere in history. */
const HISTORY_FTS_CANDIDATES = 1000;
/**
 * A fuzzysort score this good or better is a real match (a skipped letter scores about 0.3, letters
 * scattered over a long line less). When the recent window alone has enough of those for the page
 * asked, older FTS5 matches are not looked up: they could only come after them unless they score
 * better, and a keystroke then costs fuzzysort over the window alone.
 */
const GOOD_MATCH = 0.5;
/** How many recent windows are kept (one per set of filters the overlay switched through). */
const WINDOWS_KEPT = 8;
/** Moves when any connection commits: another's (data_version) or this one's own (total_changes, as in tests). */
const DATA_VERSION = "SELECT (SELECT data_version FROM pragma_data_version()) || ':' || total_changes()";

interface Candidate {
  readonly rid: number;
  readonly line: string;
}

/** The SQL for one set of filters. */
const fuzzySql = (filters: FilterSql) => ({
  recent: `SELECT c.rid, c.command_line AS line FROM commands c WHERE ${filters.where} ORDER BY ${NEWEST_FIRST} LIMIT @window`,
  // The newest matches, then the filters: bounded work even when a filter leaves few of them.
  fts: `SELECT c.rid, c.command_line AS line FROM (
      SELECT rowid AS rid FROM commands_line_fts WHERE commands_line_fts MATCH @match ORDER BY rowid DESC LIMIT @candidates
    ) AS hit CROSS JOIN commands c ON c.rid = hit.rid WHERE ${filters.where}`,
});

/** One per distinct command line: its newest run (excluded ids are already out, by the filters). */
const distinct = (rows: readonly Candidate[]): Candidate[] => {
  const newest = new Map<string, Candidate>();
  for (const row of rows) {
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

const windows = new WeakMap<StatementCache, Map<string, { version: string; rows: Candidate[] }>>();

/**
 * The window does not depend on the query, so it is read once per set of filters and kept until
 * the database changes (DATA_VERSION): while the user types, a keystroke costs fuzzysort over it.
 */
const recentWindow = (statements: StatementCache, sql: string, filters: FilterSql): Candidate[] => {
  const kept = windows.get(statements) ?? new Map<string, { version: string; rows: Candidate[] }>();
  windows.set(statements, kept);
  const key = JSON.stringify([sql, filters.params]);
  const version = statements.get(DATA_VERSION).pluck().get() as string;
  const hit = kept.get(key);
  if (hit?.version === version) return hit.rows;
  const rows = statements.get(sql).all({ ...filters.params, window: HISTORY_WINDOW }) as Candidate[];
  kept.delete(key);
  kept.set(key, { version, rows });
  if (kept.size > WINDOWS_KEPT) kept.delete(kept.keys().next().value!);
  return rows;
};

/**
 * Ctrl+R's mode: the recent window and the FTS5 candidates ranked by fuzzysort on the command line
 * (letters in order; `matched` their indexes), one result per distinct line, the newest breaking
 * ties; an empty query lists the newest lines. fuzzysort (rather than uFuzzy) because it scores
 * every match, so ranking and tie-breaking are one sort. At most HISTORY_WINDOW +
 * HISTORY_FTS_CANDIDATES lines are read and ranked; the total is "N+" when either bound was reached.
 */
export const rankFuzzy = (statements: StatementCache, filters: FilterSql, query: string, offset: number, limit: number): RankedPage => {
  const sql = fuzzySql(filters);
  const recent = recentWindow(statements, sql.recent, filters);
  let exact = recent.length < HISTORY_WINDOW;
  const text = query.trim();
  let ranked: Ranked[];
  if (text === '') {
    ranked = distinct(recent)
      .sort((a, b) => b.rid - a.rid)
      .map((c) => ({ rid: c.rid, score: 0, matched: [] }));
  } else {
    ranked = rank(text, distinct(recent));
    const match = prefixMatch(text);
    if (match !== undefined && ranked.filter((r) => r.score >= GOOD_MATCH).length < offset + limit) {
      const older = statements.get(sql.fts).all({ ...filters.params, match, candidates: HISTORY_FTS_CANDIDATES }) as Candidate[];
      // A full page of candidates before the filters may hide older matches (the filters ran after the bound).
      if (older.length === HISTORY_FTS_CANDIDATES) exact = false;
      ranked = rank(text, distinct([...recent, ...older]));
    }
    // Older matches are not looked up when the window has enough good ones; a window that holds
    // every record within the filters (exact above) leaves none out, so its count stays exact.
  }
  const page = ranked.slice(offset, offset + limit);
  return { rids: page.map((r) => r.rid), matched: new Map(page.map((r) => [r.rid, r.matched])), total: ranked.length, totalExact: exact };
};
