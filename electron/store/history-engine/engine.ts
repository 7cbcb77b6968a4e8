// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';
import type { HistoryQuery } from '../../../shared/domain/history-query';
import type { StatementCache } from '../database/database';
import { COMMAND_COLUMNS, toCommandRecord, type CommandRow } from '../database/rows';
import { filterSql, filtersOf } from './filters';
import { rankFuzzy } from './fuzzy';
import { listNewest, type RankedPage } from './listing';
import { queryWords } from './terms';
import { rankWords } from './words';

/** Results when the query names no limit: more than a screenful, few enough to send at every keystroke. */
const HISTORY_DEFAULT_LIMIT = 50;

export interface HistoryHit {
  readonly command: CommandRecord;
  /**
   * Where the record matched: in `fuzzy` mode the command line's matched code-unit indexes (for
   * highlighting); in `words` mode the indexes of the query's words it holds.
   */
  readonly matched: number[];
}

export interface HistoryAnswer {
  readonly hits: HistoryHit[];
  /** How many records match, all pages together; a lower bound when `totalExact` is false. */
  readonly total: number;
  readonly totalExact: boolean;
}

const ROWS_SQL = `SELECT c.rid, ${COMMAND_COLUMNS} FROM json_each(?) AS j CROSS JOIN commands c ON c.rid = j.value ORDER BY j.key`;

const page = (statements: StatementCache, query: HistoryQuery, excludedIds: readonly string[]): RankedPage => {
  const filters = filterSql(filtersOf(query), excludedIds);
  const offset = query.offset ?? 0;
  const limit = query.limit ?? HISTORY_DEFAULT_LIMIT;
  if (query.mode === 'fuzzy') return rankFuzzy(statements, filters, query.query, offset, limit);
  if (query.query.trim() === '') return listNewest(statements, filters, offset, limit);
  const words = queryWords(query.query);
  // Only symbols: nothing the index holds can match (never "everything").
  if (words.length === 0) return { rids: [], total: 0, totalExact: true };
  return rankWords(statements, filters, words, offset, limit);
};

/**
 * The one history engine (contract: "One history engine"): Ctrl+R (fuzzy), the Commands panel,
 * `contexterm history search` and MCP `search_commands` (words) all ask it, so one query and one set
 * of filters give the same records in the same order everywhere. `excludedIds`: commands to treat as
 * gone (forgets in their undo window). Runs in the reader worker; each mode states its bounds.
 */
export const searchHistory = (statements: StatementCache, query: HistoryQuery, excludedIds: readonly string[] = []): HistoryAnswer => {
  const ranked = page(statements, query, excludedIds);
  if (ranked.rids.length === 0) return { hits: [], total: ranked.total, totalExact: ranked.totalExact };
  // By rid, not position: a forget committed between the two reads leaves its row out.
  const rows = statements.get(ROWS_SQL).all(JSON.stringify(ranked.rids)) as (CommandRow & { rid: number })[];
  const hits = rows.map((row) => ({ command: toCommandRecord(row), matched: ranked.matched?.get(row.rid) ?? [] }));
  return { hits, total: ranked.total, totalExact: ranked.totalExact };
};
