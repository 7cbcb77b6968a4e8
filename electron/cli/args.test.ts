// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { parseCli } from './args';
import { CliError } from './cli-error';
import { candidateDataDirs, chooseDataDir } from './data-dir-default';

const usageError = (argv: string[]): CliError => {
  try {
    parseCli(argv);
  } catch (error) {
    return error as CliError;
  }
  throw new Error(`parsed: ${argv.join(' ')}`);
};

describe('parseCli', () => {
  it('parses the outside contract: history search QUERY --data-dir DIR --json, and mcp --data-dir DIR', () => {
    expect(parseCli(['history', 'search', 'cargo test', '--data-dir', '/d', '--json'])).toEqual({
      kind: 'search',
      query: { query: 'cargo test', mode: 'words', limit: 50 },
      dataDir: '/d',
      json: true,
    });
    expect(parseCli(['mcp', '--data-dir', '/d'])).toEqual({ kind: 'mcp', dataDir: '/d' });
    expect(parseCli(['history', 'export', 's1', '--format', 'asciicast', '-o', 'out.cast'])).toEqual({
      kind: 'export',
      sessionId: 's1',
      format: 'asciicast',
      output: 'out.cast',
    });
  });

  it('gives help at every level', () => {
    for (const argv of [
      [],
      ['--help'],
      ['history'],
      ['history', '-h'],
      ['history', 'search', '--help'],
      ['history', 'show', '-h'],
      ['history', 'export', '--help'],
      ['history', 'stats', '--help'],
      ['history', 'sessions', '--help'],
      ['mcp', '--help'],
    ]) {
      const parsed = parseCli(argv);
      expect(parsed.kind, argv.join(' ')).toBe('help');
      expect((parsed as { text: string }).text).toMatch(/^Usage: contexterm/);
      // Only a group given no command is help nobody asked for (stderr, exit 2).
      expect((parsed as { asked: boolean }).asked, argv.join(' ')).toBe(argv.length > 1 || argv[0] === '--help');
    }
  });

  it('parses history sessions with --limit and --json', () => {
    expect(parseCli(['history', 'sessions'])).toEqual({ kind: 'sessions', limit: 50, json: false });
    expect(parseCli(['history', 'sessions', '--limit', '3', '--json', '--data-dir', '/d'])).toEqual({
      kind: 'sessions',
      limit: 3,
      json: true,
      dataDir: '/d',
    });
    expect(usageError(['history', 'sessions', 'extra']).exitCode).toBe(2);
  });

  it('parses the search filters (contract "One history engine"); a QUERY is optional', () => {
    const parsed = parseCli([
      'history',
      'search',
      '--cwd',
      'rel/dir',
      '--exit',
      '101',
      '--failed',
      '--host',
      'ops@web1',
      '--since',
      '2h',
      '--until',
      '2026-12-01',
      '--ran-by',
      'assistant',
      '--session',
      's1',
      '--limit',
      '5',
    ]);
    expect(parsed).toMatchObject({
      kind: 'search',
      json: false,
      query: { query: '', mode: 'words', exitCode: 101, failed: true, host: 'ops@web1', ranBy: 'assistant', sessionId: 's1', limit: 5 },
    });
    const { query } = parsed as { query: { cwd: string; since: number; until: number } };
    expect(query.cwd).toBe(`${process.cwd()}/rel/dir`);
    expect(Date.now() - query.since).toBeGreaterThanOrEqual(7_200_000);
    expect(query.until).toBe(new Date('2026-12-01T00:00').getTime());
    expect(parseCli(['history', 'search', 'x'.repeat(10_000)])).toMatchObject({ query: { query: 'x'.repeat(10_000) } });
  });

  it('names the flag that was wrong, and what it takes', () => {
    expect(usageError(['history', 'search', 'x', '--since', 'yesterday']).message).toMatch(/--since takes an ISO date .* got 'yesterday'/);
    expect(usageError(['history', 'search', '--until', '1.5h']).message).toMatch(/--until takes/);
    expect(usageError(['history', 'search', 'x', '--bogus']).message).toMatch(/--bogus/);
    expect(usageError(['history', 'search', 'x', '--exit', 'one']).message).toMatch(/--exit takes a whole number/);
    expect(usageError(['history', 'search', 'x', '--ran-by', 'robot']).message).toMatch(/--ran-by takes user or assistant/);
    expect(usageError(['history', 'search', 'x', '--cwd', '']).message).toMatch(/--cwd needs/);
    expect(usageError(['history', 'search', 'x'.repeat(10_001)]).message).toMatch(/at most 10000/);
  });

  it('turns every mistake into a one-line usage error (exit code 2)', () => {
    for (const argv of [
      ['nope'],
      ['history', 'nope'],
      ['history', 'search', 'a', 'b'],
      ['history', 'search', '--since', 'garbage'],
      ['history', 'search', '--failed=yes'],
      ['history', 'search', 'x', '--limit', '0'],
      ['history', 'search', 'x', '--bogus'],
      ['history', 'export', 's', '--format', 'mp4'],
      ['history', 'stats', 'extra'],
      ['mcp', 'extra'],
      ['history', 'show', 'x', '--data-dir', ''],
    ]) {
      const error = usageError(argv);
      expect(error, argv.join(' ')).toBeInstanceOf(CliError);
      expect(error.exitCode).toBe(2);
      expect(error.message).not.toContain('\n');
    }
  });
});

describe('the default data directory', () => {
  it("is browser mode's first, then the desktop app's userData", () => {
    const dirs = candidateDataDirs({ XDG_DATA_HOME: '/x/data', XDG_CONFIG_HOME: '/x/config' }, 'linux');
    expect(dirs).toEqual(['/x/data/contexterm', '/x/config/Contexterm', '/x/config/contexterm']);
  });

  it('takes --data-dir as given, else the first candidate that holds a database', () => {
    expect(chooseDataDir('rel/dir')).toMatch(/\/rel\/dir$/);
    expect(chooseDataDir(undefined, ['/no/such/a', '/no/such/b'])).toBe('/no/such/a');
  });
});
