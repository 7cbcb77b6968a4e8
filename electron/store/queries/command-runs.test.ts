// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WritableDb } from '../database/database';
import { commandInput, createMigratedDb, sessionInput } from '../testing/fixtures';
import { LARGE_HISTORY_STATS, queryPlan } from '../testing/query-plans';
import { useTempStore } from '../testing/temp-store';
import { COMMAND_RUNS_SQL } from './command-runs';

describe.each([
  ['a fresh database (no statistics)', ''],
  ['a large analyzed history', LARGE_HISTORY_STATS],
])('the command-runs plans on %s', (_, stats) => {
  let db: WritableDb;
  beforeAll(() => {
    db = createMigratedDb();
    db.exec(stats);
  });
  afterAll(() => db.close());

  it('seeks the line and directory on commands_by_line, newest first without a sort', () => {
    for (const cwd of ['/repo', null]) {
      const lines = queryPlan(db, COMMAND_RUNS_SQL.sameDirectory, 'make test', cwd, 'devbox', 201);
      expect(lines[0]).toBe('SEARCH c USING INDEX commands_by_line (command_line=? AND cwd=?)');
      expect(lines.filter((line) => /TEMP B-TREE|^SCAN c\b/.test(line))).toEqual([]);
    }
  });

  it('seeks the line anywhere on commands_by_line and sorts only its runs', () => {
    const lines = queryPlan(db, COMMAND_RUNS_SQL.anywhere, 'make test', 201);
    expect(lines[0]).toBe('SEARCH c USING INDEX commands_by_line (command_line=?)');
    expect(lines.filter((line) => /^SCAN c\b/.test(line))).toEqual([]);
  });
});

describe('Store.commandRuns', () => {
  const temp = useTempStore();
  const T = 1_800_000_000_000;

  const record = (seq: number, commandLine: string | null, cwd: string, exitCode = 0, hostname = 'devbox'): void => {
    temp.store.upsertCommand(
      commandInput('s', seq, { commandLine, cwd, hostname, startedAt: T + seq * 1000, endedAt: T + seq * 1000 + 10 * seq, exitCode }),
    );
  };
  const ids = (runs: readonly { id: string }[] | undefined) => (runs ?? []).map((run) => run.id);

  it('reads runs of the exact line in its directory and host, newest first; anywhere drops the place', async () => {
    const { store } = temp;
    store.startSession(sessionInput('s', { startedAt: T }));
    record(1, 'cat f.txt', '/a');
    record(2, 'cat f.txt', '/b'); // another directory
    record(3, 'cat f.txt ', '/a'); // another line (a trailing space)
    record(4, 'cat f.txt', '/a', 1);
    record(5, 'cat f.txt', '/a', 0, 'other-host'); // same path on another host
    record(6, 'cat f.txt', '/a');
    await store.flush();

    const here = await store.commandRuns('s:4', false);
    expect(ids(here?.runs)).toEqual(['s:6', 's:4', 's:1']);
    expect(here?.capped).toBe(false);
    expect(here?.runs[1]).toMatchObject({ exitCode: 1, cwd: '/a', startedAt: T + 4000, endedAt: T + 4040 });
    expect(ids((await store.commandRuns('s:4', true))?.runs)).toEqual(['s:6', 's:5', 's:4', 's:2', 's:1']);
  });

  it('caps the runs, keeps the command asked about, and says so; unknown ids and unrecorded lines', async () => {
    const { store } = temp;
    store.startSession(sessionInput('s', { startedAt: T }));
    for (let seq = 1; seq <= 5; seq++) record(seq, 'make', '/r');
    record(6, null, '/r');
    await store.flush();

    const capped = await store.commandRuns('s:1', false, 2);
    expect(ids(capped?.runs)).toEqual(['s:5', 's:4', 's:1']);
    expect(capped?.capped).toBe(true);
    expect((await store.commandRuns('s:5', false, 5))?.capped).toBe(false);
    expect(await store.commandRuns('s:99', false)).toBeUndefined();
    expect(ids((await store.commandRuns('s:6', true))?.runs)).toEqual(['s:6']);
  });
});
