// SPDX-License-Identifier: MIT
import type { StatementCache } from '../database/database';
import { NEWEST_FIRST, type FilterSql } from './filters';

/**
 * Counting stops here: past it the answer is "10,000+" (`totalExact: false`). Counting walks the
 * same index as the listing, one entry per match, so this bounds it to a few milliseconds at any
 * history size.
 */
const TOTAL_CAP = 10_000;

/** The SQL of an empty query: the newest records within the filters. */
const listingSql = (filters: FilterSql) => ({
  page: `SELECT c.rid FROM commands c WHERE ${filters.where} ORDER BY ${NEWEST_FIRST} LIMIT @limit OFFSET @offset`,
  // The listing's own order, so the count walks the same index and stops at the cap.
  count: `SELECT count(*) FROM (SELECT 1 FROM commands c WHERE ${filters.where} ORDER BY ${NEWEST_FIRST} LIMIT @cap)`,
});

export interface RankedPage {
  readonly rids: readonly number[];
  /** Per rid, what it matched (the words' indexes, or the line's letters), for the hits. */
  readonly matched?: ReadonlyMap<number, number[]>;
  readonly total: number;
  readonly totalExact: boolean;
}

/**
 * The newest records matching the filters, one page, and how many there are. The page walks an
 * index newest first and stops at offset + limit (offset ≤ MAX_HISTORY_OFFSET); the count stops at TOTAL_CAP.
 */
export const listNewest = (statements: StatementCache, filters: FilterSql, offset: number, limit: number): RankedPage => {
  const sql = listingSql(filters);
  const rids = statements
    .get(sql.page)
    .pluck()
    .all({ ...filters.params, limit, offset }) as number[];
  const counted = statements
    .get(sql.count)
    .pluck()
    .get({ ...filters.params, cap: TOTAL_CAP }) as number;
  // A short page ends the list, so its end is the total, whatever the count's cap.
  if (rids.length < limit && (rids.length > 0 || offset === 0)) return { rids, total: offset + rids.length, totalExact: true };
  const seen = offset + rids.length;
  return { rids, total: Math.max(counted, seen), totalExact: counted < TOTAL_CAP };
};
