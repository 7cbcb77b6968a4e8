// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryFilters, HistoryQuery } from '../../../shared/domain/history-query';
import type { WritableDb } from '../database/database';
import { toCommandRow, toSessionRow } from '../client/inputs';
import { commandInput, createMigratedDb, sessionInput } from '../testing/fixtures';
import { LARGE_HISTORY_STATS, queryPlan, RecordingStatements } from '../testing/query-plans';
import { Writer } from '../worker/writer';
import { searchHistory } from './engine';
import { filterSql } from './filters';

let db: WritableDb;
let writer: Writer;

/** Excluded ids the searches pass, so each statement's filter parameters are the ones `plan` names. */
const EXCLUDED = ['x:1'];

/** The values every statement may name; each gets only those it uses (better-sqlite3 refuses the rest). */
const VALUES = { window: 10, match: '"git"*', candidates: 10, scan: 10, limit: 10, offset: 0, cap: 10 };

const plan = (sql: string, filters: HistoryFilters): string[] => {
  const all = { ...VALUES, ...filterSql(filters, EXCLUDED).params };
  const named = Object.fromEntries(Object.entries(all).filter(([name]) => new RegExp(`@${name}\\b`).test(sql)));
  return queryPlan(db, sql, named);
};

/** "SCAN c" with no index is a full scan; "SCAN c USING INDEX" walks an index in order, which is fine. */
const fullScans = (lines: string[]): string[] => lines.filter((line) => /^SCAN (c|commands)($| (?!USING))/.test(line));
const sorts = (lines: string[]): string[] => lines.filter((line) => line.startsWith('USE TEMP B-TREE FOR ORDER BY'));

/**
 * The statements the engine itself prepares for one query (a fresh cache each time, so the fuzzy
 * mode's kept window does not skip its read), sorted by what they do.
 */
const prepared = (query: Partial<HistoryQuery>) => {
  const statements = new RecordingStatements(db);
  searchHistory(statements, { query: '', ...query }, EXCLUDED);
  const seen = [...statements.seen];
  return {
    /** The newest records within the filters: the listing's page and count, the fuzzy mode's recent window. */
    listings: seen.filter((sql) => !sql.includes(' MATCH @match') && /FROM commands c WHERE/.test(sql)),
    /** The listing's page alone (it pages with OFFSET). */
    pages: seen.filter((sql) => sql.includes('OFFSET @offset')),
    /** Bounded FTS5 hits joined to commands: the words mode's reads and the fuzzy mode's older candidates. */
    candidates: seen.filter((sql) => sql.includes(' MATCH @match')),
    /** The chosen records read by rowid. */
    rows: seen.filter((sql) => sql.includes('json_each(?)')),
  };
};

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
    // Statistics first, on the empty tables, as the field's would describe a large history.
    db.exec(stats);
    writer = new Writer(db, { committed: () => {}, error: (message) => expect.fail(message), health: () => {} });
    // One record every unfiltered search finds, so the engine also reads rows by rowid.
    writer.enqueue({
      type: 'write',
      ops: [
        { kind: 'session-start', session: toSessionRow(sessionInput('a')) },
        { kind: 'command', command: toCommandRow(commandInput('a', 1, { commandLine: 'git status' })) },
      ],
      arena: null,
      bytes: 0,
    });
    writer.commit();
    writer.drainIndex();
  });
  afterAll(() => writer.close());

  it.each(FILTERS)('a listing with %s walks an index, never the table', (_, filters, index) => {
    const listings = [...prepared({ ...filters }).listings, ...prepared({ ...filters, query: 'git', mode: 'fuzzy' }).listings];
    // The page, the count and the recent window.
    expect(listings).toHaveLength(3);
    for (const sql of listings) {
      const lines = plan(sql, filters);
      expect(lines).toContainEqual(expect.stringMatching(index));
      expect(fullScans(lines)).toEqual([]);
    }
  });

  it.each(FILTERS.filter(([name]) => ['no filter', 'failed', 'a time range', 'the user'].includes(name)))(
    'a listing with %s comes newest first down its index, with no sort',
    (_, filters) => {
      const { pages } = prepared({ ...filters });
      expect(pages).toHaveLength(1);
      expect(sorts(plan(pages[0]!, filters))).toEqual([]);
    },
  );

  it.each(FILTERS)('the words and fuzzy candidates with %s join the bounded FTS5 hits to commands by primary key', (_, filters) => {
    const candidates = [
      ...prepared({ ...filters, query: 'git' }).candidates,
      ...prepared({ ...filters, query: 'git', mode: 'fuzzy' }).candidates,
    ];
    // One words read (a single word) and the fuzzy mode's older candidates.
    expect(candidates).toHaveLength(2);
    for (const sql of candidates) {
      const lines = plan(sql, filters);
      expect(lines).toContainEqual(expect.stringMatching(/SCAN commands(_line)?_fts VIRTUAL TABLE INDEX/));
      expect(lines).toContainEqual(expect.stringMatching(/SEARCH c USING INTEGER PRIMARY KEY \(rowid=\?\)/));
      expect(fullScans(lines)).toEqual([]);
    }
  });

  it('the chosen rows are read by primary key', () => {
    const { rows } = prepared({ query: 'git' });
    expect(rows).toHaveLength(1);
    const lines = queryPlan(db, rows[0]!, '[1,2]');
    expect(lines).toContainEqual(expect.stringMatching(/SEARCH c USING INTEGER PRIMARY KEY \(rowid=\?\)/));
    expect(fullScans(lines)).toEqual([]);
  });
});
