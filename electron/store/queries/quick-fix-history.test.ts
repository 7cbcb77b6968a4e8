// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../../shared/domain/command';
import type { WritableDb } from '../database/database';
import { createMigratedDb, commandInput, sessionInput } from '../testing/fixtures';
import { LARGE_HISTORY_STATS, queryPlan } from '../testing/query-plans';
import { useTempStore } from '../testing/temp-store';
import { QUICK_FIX_SQL } from './quick-fix-history';

/** As in quick-fix-history.ts. */
const QUICK_FIX_LOOKBACK_MS = 30 * 24 * 3_600_000;

const PARAMS = {
  since: 0,
  until: 1,
  rid: 1,
  cwd: '/r',
  word: 'a',
  wordPrefix: 'a %',
  sudoWord: 'sudo a',
  sudoPrefix: 'sudo a %',
  limit: 10,
  followers: 5,
};

describe.each([
  ['a fresh database (no statistics)', ''],
  ['a large analyzed history', LARGE_HISTORY_STATS],
])('the quick-fix history plan on %s', (_, stats) => {
  let db: WritableDb;
  beforeAll(() => {
    db = createMigratedDb();
    db.exec(stats);
  });
  afterAll(() => db.close());

  const plan = (sql: string, params: unknown): string[] => queryPlan(db, sql, params);

  it('ranges over the started_at index, seeks followers by (session_id, seq) and never scans commands', () => {
    const lines = plan(QUICK_FIX_SQL.history, PARAMS);
    expect(lines).toContainEqual(expect.stringMatching(/^SEARCH c USING INDEX commands_by_start \(started_at>\? AND started_at<\?\)$/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^SEARCH f USING (COVERING )?INDEX commands_by_session \(session_id=\? AND seq>\? AND seq<\?\)$/),
    );
    expect(lines).toContainEqual('SEARCH c USING INTEGER PRIMARY KEY (rowid=?)');
    expect(lines.filter((line) => /^SCAN (c|f|commands)\b/.test(line))).toEqual([]);
  });

  it('finds the failed command by its id index', () => {
    expect(plan(QUICK_FIX_SQL.failed, 's:1')).toContainEqual(
      expect.stringMatching(/^SEARCH c USING INDEX sqlite_autoindex_commands_1 \(id=\?\)$/),
    );
  });
});

describe('Store.quickFixHistory', () => {
  const temp = useTempStore();
  const T = 1_800_000_000_000;

  const record = (sessionId: string, seq: number, commandLine: string, cwd: string, startedAt: number, exitCode = 0): void => {
    temp.store.upsertCommand(commandInput(sessionId, seq, { commandLine, cwd, startedAt, endedAt: startedAt + 500, exitCode }));
  };
  const lines = (history: readonly CommandRecord[] | undefined): (string | null)[] => (history ?? []).map((command) => command.commandLine);

  it('reads earlier commands in the folder or of the same program, and what followed earlier failures', async () => {
    const { store } = temp;
    store.startSession(sessionInput('a', { startedAt: T - QUICK_FIX_LOOKBACK_MS - 10_000 }));
    store.startSession(sessionInput('b', { startedAt: T - 10_000 }));
    record('a', 1, 'npm test', '/repo', T - QUICK_FIX_LOOKBACK_MS - 1000); // too old
    record('a', 2, 'ls', '/repo', T - 9000); // same folder
    record('a', 3, 'sudo npm ci', '/other', T - 8000); // same program under sudo
    record('a', 4, 'npm run buidl', '/other', T - 7000, 1); // same program, failed: its followers come too
    record('a', 5, 'cd x', '/other', T - 6000);
    record('a', 6, 'yarn build', '/other/x', T - 5000);
    record('a', 7, 'echo 7', '/other', T - 4900);
    record('a', 8, 'echo 8', '/other', T - 4800);
    record('a', 9, 'echo 9', '/other', T - 4700); // the fifth after the failure: the last follower
    record('a', 10, 'echo 10', '/other', T - 4600);
    store.startSession(sessionInput('c', { startedAt: T - 10_000 }));
    record('c', 1, 'npmx', '/other', T - 4000); // another program whose name starts alike
    record('c', 2, 'npm_ci', '/other', T - 3500); // `_` is no wildcard
    record('b', 1, 'npm run build', '/repo', T, 1); // the failure asked about
    record('b', 2, 'npm run build -w', '/repo', T + 1000); // after it
    await store.flush();
    const found = await store.quickFixHistory('b:1');
    expect(found?.failed).toMatchObject({ id: 'b:1', commandLine: 'npm run build', exitCode: 1 });
    const followers = ['cd x', 'yarn build', 'echo 7', 'echo 8', 'echo 9'];
    expect(lines(found?.history)).toEqual(['ls', 'sudo npm ci', 'npm run buidl', ...followers]);
    // Capped to the newest hit: the failure, with its followers.
    expect(lines((await store.quickFixHistory('b:1', 1))?.history)).toEqual(['npm run buidl', ...followers]);
  });

  it('answers undefined for an unknown id and an empty history for a command with no line', async () => {
    const { store } = temp;
    store.startSession(sessionInput('a', { startedAt: T }));
    store.upsertCommand(commandInput('a', 1, { commandLine: null, startedAt: T, exitCode: 1 }));
    await store.flush();
    expect(await store.quickFixHistory('a:9')).toBeUndefined();
    expect((await store.quickFixHistory('a:1'))?.history).toEqual([]);
  });
});
