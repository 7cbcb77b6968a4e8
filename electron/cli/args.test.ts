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
    expect(parseCli(['history', 'search', 'cargo test', '--data-dir', '/d', '--json'])).toEqual({ kind: 'search', query: 'cargo test', dataDir: '/d', limit: 50, json: true });
    expect(parseCli(['mcp', '--data-dir', '/d'])).toEqual({ kind: 'mcp', dataDir: '/d' });
    expect(parseCli(['history', 'export', 's1', '--format', 'asciicast', '-o', 'out.cast'])).toEqual({ kind: 'export', sessionId: 's1', format: 'asciicast', output: 'out.cast' });
  });

  it('gives help at every level', () => {
    for (const argv of [[], ['--help'], ['history'], ['history', '-h'], ['history', 'search', '--help'], ['history', 'show', '-h'], ['history', 'export', '--help'], ['history', 'stats', '--help'], ['history', 'sessions', '--help'], ['mcp', '--help']]) {
      const parsed = parseCli(argv);
      expect(parsed.kind, argv.join(' ')).toBe('help');
      expect((parsed as { text: string }).text).toMatch(/^Usage: contexterm/);
      // Only a group given no command is help nobody asked for (stderr, exit 2).
      expect((parsed as { asked: boolean }).asked, argv.join(' ')).toBe(argv.length > 1 || argv[0] === '--help');
    }
  });

  it('parses history sessions with --limit and --json', () => {
    expect(parseCli(['history', 'sessions'])).toEqual({ kind: 'sessions', limit: 50, json: false });
    expect(parseCli(['history', 'sessions', '--limit', '3', '--json', '--data-dir', '/d'])).toEqual({ kind: 'sessions', limit: 3, json: true, dataDir: '/d' });
    expect(usageError(['history', 'sessions', 'extra']).exitCode).toBe(2);
  });

  it('turns every mistake into a one-line usage error (exit code 2)', () => {
    for (const argv of [['nope'], ['history', 'nope'], ['history', 'search'], ['history', 'search', 'a', 'b'], ['history', 'search', 'x', '--limit', '0'],
      ['history', 'search', 'x', '--bogus'], ['history', 'export', 's', '--format', 'mp4'], ['history', 'stats', 'extra'], ['mcp', 'extra'], ['history', 'show', 'x', '--data-dir', '']]) {
      const error = usageError(argv);
      expect(error, argv.join(' ')).toBeInstanceOf(CliError);
      expect(error.exitCode).toBe(2);
      expect(error.message).not.toContain('\n');
    }
  });
});

describe('the default data directory', () => {
  it('is browser mode\'s first, then the desktop app\'s userData', () => {
    const dirs = candidateDataDirs({ XDG_DATA_HOME: '/x/data', XDG_CONFIG_HOME: '/x/config' }, 'linux');
    expect(dirs).toEqual(['/x/data/contexterm', '/x/config/Contexterm', '/x/config/contexterm']);
  });

  it('takes --data-dir as given, else the first candidate that holds a database', () => {
    expect(chooseDataDir('rel/dir')).toMatch(/\/rel\/dir$/);
    expect(chooseDataDir(undefined, ['/no/such/a', '/no/such/b'])).toBe('/no/such/a');
  });
});
