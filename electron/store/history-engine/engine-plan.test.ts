// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryFilters } from '../../../shared/domain/history-query';
import type { WritableDb } from '../database/database';
import { createMigratedDb } from '../testing/fixtures';
import { LARGE_HISTORY_STATS, queryPlan } from '../testing/query-plans';
import { HISTORY_ROWS_SQL } from './engine';
import { filterSql } from './filters';
import { fuzzySql } from './fuzzy';
import { listingSql } from './listing';
import { wordSql } from './words';

let db: WritableDb;

/** The values every statement may name; each gets only those it uses (better-sqlite3 refuses the rest). */
const VALUES = { window: 10, match: '"git"*', candidates: 10, scan: 10, limit: 10, offset: 0, cap: 10 };

const plan = (sql: string, filters: HistoryFilters): string[] => {
  const all = { ...VALUES, ...filterSql(filters, ['x:1']).params };
  const named = Object.fromEntries(Object.entries(all).filter(([name]) => new RegExp(`@${name}\\b`).test(sql)));
  return queryPlan(db, sql, named);
};

/** "SCAN c" with no index is a full scan; "SCAN c USING INDEX" walks an index in order, which is fine. */
const fullScans = (lines: string[]): string[] => lines.filter((line) => /^SCAN (c|commands)($| (?!USING))/.test(line));
const sorts = (lines: string[]): string[] => lines.filter((line) => line.startsWith('USE TEMP B-TREE FOR ORDER BY'));

/** Each filter, and the index a listing of it should walk. */
const FILTERS: Array<[string, HistoryFilters, RegExp]> = [
  ['no filter', {}, /USING INDEX commands_by_start$/],
  ['a directory and below', { cwd: '/srv' }, /USING INDEX commands_by_(cwd \(cwd>\? AND cwd<\?\)|start)/],
  ['a session', { sessionId: 's' }, /USING INDEX commands_by_(session \(session_id=\?\)|start)/],
  ['a host', { host: 'h' }, /USING INDEX commands_by_(host|start)|MULTI-INDEX OR/],
  ['failed', { failed: true }, /USING INDEX commands_failed_by_start/],
  ['an exit code', { exitCode: 2 }, /USING INDEX commands_failed_by_start/],
  ['a time range', { since: 0, until: 1 }, /USING INDEX commands_by_start \(started_at>\? AND started_at<\?\)/],
  ['the assistant', { ranBy: 'assistant' }, /USING INDEX (commands_by_start|sqlite_autoindex_commands_1)/],
  ['the user', { ranBy: 'user' }, /USING INDEX commands_by_start/],
];

describe.each([
  ['a fresh database (no statistics)', ''],
  ['a large analyzed history', LARGE_HISTORY_STATS],
])('history engine plans on %s', (_, stats) => {
  beforeAll(() => {
    db = createMigratedDb();
    db.exec(stats);
  });
  afterAll(() => db.close());

  it.each(FILTERS)('a listing with %s walks an index, never the table', (_, filters, index) => {
    for (const sql of [listingSql(filterSql(filters)).page, listingSql(filterSql(filters)).count, fuzzySql(filterSql(filters)).recent]) {
      const lines = plan(sql, filters);
      expect(lines).toContainEqual(expect.stringMatching(index));
      expect(fullScans(lines)).toEqual([]);
    }
  });

  it.each(FILTERS.filter(([name]) => ['no filter', 'failed', 'a time range', 'the user'].includes(name)))(
    'a listing with %s comes newest first down its index, with no sort',
    (_, filters) => {
      expect(sorts(plan(listingSql(filterSql(filters)).page, filters))).toEqual([]);
    },
  );

  it.each(FILTERS)('the words and fuzzy candidates with %s join the bounded FTS5 hits to commands by primary key', (_, filters) => {
    for (const sql of [wordSql(filterSql(filters)), fuzzySql(filterSql(filters)).fts]) {
      const lines = plan(sql, filters);
      expect(lines).toContainEqual(expect.stringMatching(/SCAN commands(_line)?_fts VIRTUAL TABLE INDEX/));
      expect(lines).toContainEqual(expect.stringMatching(/SEARCH c USING INTEGER PRIMARY KEY \(rowid=\?\)/));
      expect(fullScans(lines)).toEqual([]);
    }
  });

  it('the chosen rows are read by primary key', () => {
    const lines = queryPlan(db, HISTORY_ROWS_SQL, '[1,2]');
    expect(lines).toContainEqual(expect.stringMatching(/SEARCH c USING INTEGER PRIMARY KEY \(rowid=\?\)/));
    expect(fullScans(lines)).toEqual([]);
  });
});
