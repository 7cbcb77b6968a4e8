// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error';
import { asUnavailable } from './history-db';

describe('SQLite errors as exit codes', () => {
  it('makes a file SQLite cannot use an unusable history (3), naming the path, and leaves a bug a bug', () => {
    for (const code of ['SQLITE_NOTADB', 'SQLITE_READONLY', 'SQLITE_READONLY_CANTINIT', 'SQLITE_CANTOPEN', 'SQLITE_CORRUPT', 'SQLITE_IOERR_SHORT_READ']) {
      const mapped = asUnavailable(new Database.SqliteError('attempt to write a readonly database', code), '/d/contexterm.db');
      expect(mapped, code).toBeInstanceOf(CliError);
      expect((mapped as CliError).exitCode).toBe(3);
      expect((mapped as CliError).message).toBe(`cannot read /d/contexterm.db: attempt to write a readonly database (${code})`);
    }
    // A statement the code got wrong is ours to fix: it stays unexpected (70).
    const bug = new Database.SqliteError('no such column: nope', 'SQLITE_ERROR');
    expect(asUnavailable(bug, '/d/contexterm.db')).toBe(bug);
  });
});
