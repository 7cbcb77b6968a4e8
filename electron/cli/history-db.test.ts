// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error';
import { asUnavailable, HistoryDb } from './history-db';
import { HistoryFixture } from './testing/history-fixture';

describe('SQLite errors as exit codes', () => {
  it('makes a file SQLite cannot use an unusable history (3), naming the path, and leaves a bug a bug', () => {
    for (const code of [
      'SQLITE_NOTADB',
      'SQLITE_READONLY',
      'SQLITE_READONLY_CANTINIT',
      'SQLITE_CANTOPEN',
      'SQLITE_CORRUPT',
      'SQLITE_IOERR_SHORT_READ',
    ]) {
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

describe('a read with the app stopped', () => {
  const files = (dir: string) => readdirSync(dir).sort();

  it('leaves the data directory as it found it: no -wal or -shm, the database unchanged', () => {
    const fixture = new HistoryFixture();
    try {
      const id = fixture.add({ line: 'make build', chunks: ['built\r\n'] });
      fixture.close();
      const before = readFileSync(join(fixture.dir, 'contexterm.db'));
      expect(files(fixture.dir)).toEqual(['contexterm.db']);
      const db = HistoryDb.open(fixture.dir);
      expect(db.read((queries) => queries.commandsByIds([id]))[0]?.commandLine).toBe('make build');
      expect(() => db.db.exec('DELETE FROM commands')).toThrow(/readonly|query_only/i);
      db.close();
      expect(files(fixture.dir)).toEqual(['contexterm.db']);
      expect(readFileSync(join(fixture.dir, 'contexterm.db')).equals(before)).toBe(true);
    } finally {
      fixture.remove();
    }
  });

  it("keeps the app's files when the app has the database open, during the read and after it", () => {
    const fixture = new HistoryFixture();
    try {
      fixture.add({ line: 'make build', chunks: ['built\r\n'] });
      const db = HistoryDb.open(fixture.dir);
      expect(db.db.readonly).toBe(true);
      db.close();
      expect(files(fixture.dir)).toEqual(['contexterm.db', 'contexterm.db-shm', 'contexterm.db-wal']);
      // The app started after a stopped-app read opened: its files stay for it, and its writes are kept.
      fixture.close();
      const reader = HistoryDb.open(fixture.dir);
      const app = new Database(join(fixture.dir, 'contexterm.db'));
      app.prepare("UPDATE commands SET command_line = 'make test'").run();
      reader.close();
      expect(files(fixture.dir)).toEqual(['contexterm.db', 'contexterm.db-shm', 'contexterm.db-wal']);
      expect((app.prepare('SELECT command_line FROM commands').get() as { command_line: string }).command_line).toBe('make test');
      app.close();
      expect(files(fixture.dir)).toEqual(['contexterm.db']);
    } finally {
      fixture.remove();
    }
  });
});
