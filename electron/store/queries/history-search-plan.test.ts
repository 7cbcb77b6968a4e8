// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WritableDb } from '../database/database';
import { historySearchSql, type HistoryFilters } from './history-search';
import { createMigratedDb } from '../testing/fixtures';
import { LARGE_HISTORY_STATS, queryPlan } from '../testing/query-plans';

let db: WritableDb;

const PARAMS = { cwd: '/srv', sessionId: 's', hostname: 'h', since: 0, until: 1, window: 10, match: '"git"*', candidates: 10 };

/** Only the parameters a statement names: better-sqlite3 refuses named parameters it does not use. */
const plan = (sql: string): string[] => {
  const named = Object.fromEntries(Object.entries(PARAMS).filter(([name]) => sql.includes(`@${name}`)));
  return queryPlan(db, sql, named);
};

/** "SCAN c" with no index is a full scan; "SCAN c USING INDEX" walks an index in order, which is fine. */
const fullScans = (lines: string[]): string[] => lines.filter((line) => /^SCAN (c|commands)($| (?!USING))/.test(line));
const sorts = (lines: string[]): string[] => lines.filter((line) => line.startsWith('USE TEMP B-TREE'));

describe.each([
  ['a fresh database (no statistics)', ''],
  ['a large analyzed history', LARGE_HISTORY_STATS],
])('history search plans on %s', (_, stats) => {
  beforeAll(() => {
    db = createMigratedDb();
    db.exec(stats);
  });
  afterAll(() => db.close());

  it.each<[string, HistoryFilters, RegExp]>([
    ['no filter', {}, /USING INDEX commands_by_start$/],
    ['this directory', { cwd: '/srv' }, /USING INDEX commands_by_cwd \(cwd=\?\)/],
    ['this session', { sessionId: 's' }, /USING INDEX commands_by_session \(session_id=\?\)/],
    ['this host', { hostname: 'h' }, /USING INDEX commands_by_host \(hostname=\?\)/],
    ['failed only', { failedOnly: true }, /USING INDEX commands_failed_by_start/],
    ['a time range', { since: 0, until: 1 }, /USING INDEX commands_by_start \(started_at>\? AND started_at<\?\)/],
    ['directory and failed', { cwd: '/srv', failedOnly: true }, /USING INDEX commands_(by_cwd|failed_by_start)/],
  ])('the recent window with %s walks an index newest first, no scan, no sort', (_, filters, index) => {
    const lines = plan(historySearchSql(filters).recent);
    expect(lines).toContainEqual(expect.stringMatching(index));
    expect(fullScans(lines)).toEqual([]);
    expect(sorts(lines)).toEqual([]);
  });

  it.each<[string, HistoryFilters]>([
    ['no filter', {}],
    ['every filter', { cwd: '/srv', sessionId: 's', hostname: 'h', failedOnly: true, since: 0, until: 1 }],
  ])('the FTS5 candidates with %s join the bounded hits to commands by primary key', (_, filters) => {
    const lines = plan(historySearchSql(filters).fts);
    expect(lines).toContainEqual(expect.stringMatching(/SCAN commands_line_fts VIRTUAL TABLE INDEX/));
    expect(lines).toContainEqual(expect.stringMatching(/SEARCH c USING INTEGER PRIMARY KEY \(rowid=\?\)/));
    expect(fullScans(lines)).toEqual([]);
  });

  it('the chosen rows are read by primary key', () => {
    const lines = queryPlan(db, historySearchSql({}).rows, '[1,2]');
    expect(lines).toContainEqual(expect.stringMatching(/SEARCH c USING INTEGER PRIMARY KEY \(rowid=\?\)/));
    expect(fullScans(lines)).toEqual([]);
  });
});
