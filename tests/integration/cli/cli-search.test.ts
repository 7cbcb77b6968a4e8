// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryFixture } from '../../../electron/cli/testing/history-fixture';
import { runCli } from './cli-support';

/**
 * `contexterm history search [QUERY] [filters]` through the real bin (contract "One history engine",
 * issue 39's bad input): filters alone, each filter, and a plain exit 2 naming the wrong flag.
 */
let fixture: HistoryFixture;
beforeEach(() => {
  fixture = new HistoryFixture();
  fixture.add({ line: 'cargo build', chunks: ['Finished\r\n'], cwd: '/home/dev/projB' });
  fixture.add({ line: 'cargo test', chunks: ['test result: FAILED\r\n'], exitCode: 101, cwd: '/home/dev/projB/crates/core' });
  fixture.add({ line: 'npm test', chunks: ['1 failing\r\n'], exitCode: 1, cwd: '/home/dev/projA' });
  fixture.add({ line: 'grep -E "(a|b)*" NEAR.txt', chunks: ['a OR b\r\n'], cwd: '/home/dev/projA' });
});
afterEach(() => fixture.remove());

const search = async (...args: string[]) => {
  const run = await runCli(['history', 'search', '--data-dir', fixture.dir, '--json', ...args]);
  return { ...run, ids: run.code === 0 ? (JSON.parse(run.stdout) as Array<{ id: string }>).map((row) => row.id) : [] };
};

describe('history search with filters', () => {
  it('lists the newest commands within the filters when no QUERY is given', async () => {
    expect((await search('--failed')).ids).toEqual(['sess1:3', 'sess1:2']);
    expect((await search('--cwd', '/home/dev/projB')).ids).toEqual(['sess1:2', 'sess1:1']);
    expect((await search('cargo', '--exit', '101')).ids).toEqual(['sess1:2']);
    expect((await search('--host', 'devbox', '--session', 'sess1', '--ran-by', 'user', '--limit', '2')).ids).toEqual([
      'sess1:4',
      'sess1:3',
    ]);
    expect((await search('--since', '2026-01-01T00:00:00Z', '--until', '2026-01-01T00:00:03Z')).ids).toEqual(['sess1:2', 'sess1:1']);
  });

  it('finds "cargo test failing" though no record holds every word, the one holding most first', async () => {
    const found = await search('cargo test failing');
    expect(found.ids.slice(0, 1)).toEqual(['sess1:2']);
    expect(found.ids.sort()).toEqual(['sess1:1', 'sess1:2', 'sess1:3']);
  });

  it('carries host, session_id, duration_ms and ran_by in --json rows', async () => {
    const [row] = JSON.parse((await search('npm')).stdout) as Array<Record<string, unknown>>;
    expect(row).toMatchObject({ id: 'sess1:3', host: 'devbox', session_id: 'sess1', duration_ms: 500, ran_by: 'user', exit_code: 1 });
  });

  it('takes FTS5 operators, regex characters and a 10,000-character query as plain text', async () => {
    expect((await search('NEAR(')).ids).toEqual(['sess1:4']);
    expect((await search('"(a|b)*"')).ids).toEqual(['sess1:4']);
    expect((await search('*')).ids).toEqual([]);
    const long = await search(`cargo ${'y'.repeat(9_990)}`);
    expect(long.code).toBe(0);
    expect(long.ids).toEqual(['sess1:2', 'sess1:1']);
  });

  it('searches a --cwd that is not on this machine all the same, and says so on stderr', async () => {
    const run = await search('--cwd', '/home/dev/projB');
    expect(run.stderr).toMatch(/no directory \/home\/dev\/projB on this machine/);
    expect(run.ids).toHaveLength(2);
    const none = await search('--cwd', '/no/such/dir');
    expect(none).toMatchObject({ code: 0, ids: [] });
  });
});

describe('history search bad input: exit 2, naming the flag', () => {
  it.each([
    [['--since', 'last tuesday'], /--since takes an ISO date .*'last tuesday'/],
    [['--until', '2h30'], /--until takes/],
    [['--exit', 'x'], /--exit takes a whole number/],
    [['--ran-by', 'bot'], /--ran-by takes user or assistant/],
    [['--colour'], /--colour/],
    [['--limit', '0'], /--limit/],
  ])('%j', async (args, message) => {
    const run = await runCli(['history', 'search', 'x', '--data-dir', fixture.dir, ...args]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });
});
