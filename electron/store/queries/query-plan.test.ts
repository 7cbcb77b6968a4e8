// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WritableDb } from '../database/database';
import { INDEXER_SQL } from '../worker/output-indexer';
import { READ_SQL } from './queries';
import { createMigratedDb } from '../testing/fixtures';
import { LARGE_HISTORY_STATS, queryPlan } from '../testing/query-plans';

let db: WritableDb;

const plan = (sql: string, ...params: unknown[]): string[] => queryPlan(db, sql, ...params);

/** A full scan is "SCAN <table>" with no index; a covering-index scan or a SEARCH is fine. */
const fullScans = (lines: string[], table: string, alias = table): string[] =>
  lines.filter((line) => new RegExp(`^SCAN (${table}|${alias})($| (?!USING))`).test(line));

describe.each([
  ['a fresh database (no statistics)', ''],
  ['a large analyzed history', LARGE_HISTORY_STATS],
])('query plans on %s', (_, stats) => {
  beforeAll(() => {
    db = createMigratedDb();
    db.exec(stats);
  });
  afterAll(() => db.close());

  it('recentCommands seeks the (session_id, seq) index, newest first, no sort', () => {
    const lines = plan(READ_SQL.recentCommands, 's', 50);
    // The remote origin, the actor and the synced device are one primary-key probe each per row (migrations 7, 8, 11), never a scan.
    expect(lines).toEqual([
      expect.stringMatching(/^SEARCH c USING INDEX commands_by_session \(session_id=\?\)$/),
      'CORRELATED SCALAR SUBQUERY 1',
      'SEARCH r USING PRIMARY KEY (command_id=?)',
      'CORRELATED SCALAR SUBQUERY 2',
      'SEARCH a USING PRIMARY KEY (command_id=?)',
      'CORRELATED SCALAR SUBQUERY 3',
      'SEARCH d USING PRIMARY KEY (command_id=?)',
    ]);
  });

  it('commandsInWindow ranges over the started_at index', () => {
    const lines = plan(READ_SQL.commandsInWindow, 0, 50);
    expect(lines.some((line) => /SEARCH c USING INDEX commands_by_start \(started_at>\?\)/.test(line))).toBe(true);
    expect(fullScans(lines, 'commands', 'c')).toEqual([]);
  });

  it('commandsByIds looks each id up by the unique id index', () => {
    const lines = plan(READ_SQL.commandsByIds, '["s:1","s:2"]');
    expect(lines).toContainEqual(expect.stringMatching(/SEARCH c USING INDEX sqlite_autoindex_commands_1 \(id=\?\)/));
    expect(fullScans(lines, 'commands', 'c')).toEqual([]);
  });

  // The history engine's plans: history-engine/engine-plan.test.ts.

  it('readOutput seeks the output-offset index for both the start chunk and the range', () => {
    expect(plan(READ_SQL.outputRangeStart, 's', 100)).toEqual([
      expect.stringMatching(
        /^SEARCH chunks USING (COVERING )?INDEX chunks_by_output \(session_id=\? AND direction=\? AND output_offset<\?\)$/,
      ),
    ]);
    expect(plan(READ_SQL.outputChunks, 's', 0, 100)).toEqual([
      expect.stringMatching(
        /^SEARCH chunks USING INDEX chunks_by_output \(session_id=\? AND direction=\? AND output_offset>\? AND output_offset<\?\)$/,
      ),
    ]);
  });

  it('the output indexer finds its backlog through the partial index, never by scanning commands', () => {
    for (const sql of [INDEXER_SQL.backlog, INDEXER_SQL.slice]) {
      const lines = plan(sql);
      expect(lines).toContainEqual(expect.stringMatching(/USING (COVERING )?INDEX commands_output_unindexed/));
      expect(fullScans(lines, 'commands')).toEqual([]);
    }
  });

  it('listing recently ended sessions does not scan sessions', () => {
    const lines = plan(READ_SQL.sessionsEndedSince, Date.now() - 7_200_000);
    expect(fullScans(lines, 'sessions')).toEqual([]);
  });
});
