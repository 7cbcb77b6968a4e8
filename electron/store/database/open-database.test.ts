// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../migrations/index';
import { openWriter } from './open-database';
import { openStore } from '../store';
import { makeTempDir, pseudoRandomBytes, sessionInput, type TempDir } from '../testing/fixtures';

let dir: TempDir;
beforeEach(() => {
  dir = makeTempDir();
});
afterEach(() => dir.remove());

const mode = (path: string) => statSync(path).mode & 0o777;
const NOW = Date.UTC(2025, 0, 2, 3, 4, 5, 6);
const STAMP = '2025-01-02T03-04-05-006Z';

/** A real database with enough rows to span many pages, closed cleanly. */
const makePopulatedDb = (path: string) => {
  const { db } = openWriter({ path, migrations });
  db.prepare(
    "INSERT INTO sessions (id, started_at, ended_at, shell, hostname, cwd, title, mode) VALUES ('s', 1, NULL, 'bash', 'h', '/', 't', 'unknown')",
  ).run();
  const insert = db.prepare('INSERT INTO chunks (session_id, seq, ts, direction, output_offset, data) VALUES (?, ?, ?, 1, ?, ?)');
  db.transaction(() => {
    for (let seq = 0; seq < 200; seq++) insert.run('s', seq, seq, seq * 1000, pseudoRandomBytes(1000, seq + 1));
  })();
  db.close();
};

describe('openWriter', () => {
  it('creates the directory 0700 and the database, WAL and shm 0600', () => {
    const path = join(dir.path, 'nested', 'data', 'contexterm.db');
    const { db } = openWriter({ path, migrations });
    db.prepare("INSERT INTO settings (key, value) VALUES ('theme', '\"dark\"')").run();
    expect(mode(join(dir.path, 'nested', 'data'))).toBe(0o700);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(mode(file), file).toBe(0o600);
    db.close();
  });

  it('tightens the modes of an existing database that was readable by others', () => {
    const path = join(dir.path, 'contexterm.db');
    closeSync(openSync(path, 'w', 0o644));
    openWriter({ path, migrations }).db.close();
    expect(mode(path)).toBe(0o600);
  });

  it('moves a file that is not a database aside with its -wal and -shm, and starts afresh', () => {
    const path = join(dir.path, 'contexterm.db');
    writeFileSync(path, pseudoRandomBytes(8192, 7));
    writeFileSync(`${path}-wal`, 'stale wal');
    writeFileSync(`${path}-shm`, 'stale shm');
    const opened = openWriter({ path, migrations, now: () => NOW });
    const target = join(dir.path, `contexterm.db.corrupt-${STAMP}`);
    expect(opened.recoveredCorruptTo).toBe(target);
    expect(readFileSync(target).equals(pseudoRandomBytes(8192, 7))).toBe(true);
    expect(readFileSync(`${target}-wal`, 'utf8')).toBe('stale wal');
    // The shared-memory file is only an index SQLite rebuilds from the WAL; it moves along but its bytes may not survive.
    expect(existsSync(`${target}-shm`)).toBe(true);
    opened.db
      .prepare(
        "INSERT INTO sessions (id, started_at, ended_at, shell, hostname, cwd, title, mode) VALUES ('new', 1, NULL, 'sh', 'h', '/', 't', 'unknown')",
      )
      .run();
    expect(opened.db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(1);
    opened.db.close();
  });

  it('detects a malformed page with the integrity check and quarantines the file', () => {
    const path = join(dir.path, 'contexterm.db');
    makePopulatedDb(path);
    const pages = statSync(path).size / 4096;
    const fd = openSync(path, 'r+');
    // Trample the b-tree pages in the middle of the file; page 1 (the header) stays valid.
    for (let page = Math.floor(pages / 2) - 2; page < Math.floor(pages / 2) + 2; page++)
      writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, page * 4096);
    closeSync(fd);
    const opened = openWriter({ path, migrations, now: () => NOW });
    expect(opened.recoveredCorruptTo).toMatch(/\.corrupt-/);
    expect(opened.db.prepare('SELECT count(*) FROM chunks').pluck().get()).toBe(0);
    opened.db.close();
  });

  it('keeps a leftover WAL whose database is gone out of the new database', () => {
    const path = join(dir.path, 'contexterm.db');
    writeFileSync(`${path}-wal`, 'orphan wal');
    const opened = openWriter({ path, migrations, now: () => NOW });
    expect(readFileSync(`${opened.recoveredCorruptTo!}-wal`, 'utf8')).toBe('orphan wal');
    opened.db.close();
  });

  it('ends orphaned sessions at their last chunk, or at their start when they have none', () => {
    const path = join(dir.path, 'contexterm.db');
    const { db } = openWriter({ path, migrations });
    const session = db.prepare(
      "INSERT INTO sessions (id, started_at, ended_at, shell, hostname, cwd, title, mode) VALUES (?, ?, ?, 'bash', 'h', '/', 't', 'unknown')",
    );
    session.run('with-chunks', 100, null);
    session.run('empty', 200, null);
    session.run('done', 300, 400);
    const chunk = db.prepare(
      "INSERT INTO chunks (session_id, seq, ts, direction, output_offset, data) VALUES ('with-chunks', ?, ?, 1, 0, x'00')",
    );
    chunk.run(0, 150);
    chunk.run(1, 180);
    db.close();

    const reopened = openWriter({ path, migrations });
    expect(reopened.orphanedSessionsEnded).toBe(2);
    const ended = reopened.db.prepare('SELECT id, ended_at FROM sessions ORDER BY id').raw().all();
    expect(ended).toEqual([
      ['done', 400],
      ['empty', 200],
      ['with-chunks', 180],
    ]);
    reopened.db.close();
  });
});

describe('openStore on a corrupt database', () => {
  it('reports where the corrupt file went and works on the fresh one', async () => {
    const path = join(dir.path, 'contexterm.db');
    writeFileSync(path, 'this is not an SQLite database, just text that is long enough to have a header');
    writeFileSync(`${path}-wal`, 'x');
    const { store, recoveredCorruptTo } = await openStore({ dataDir: dir.path });
    try {
      expect(recoveredCorruptTo).toMatch(/contexterm\.db\.corrupt-/);
      const moved = basename(recoveredCorruptTo!);
      expect(moved).toMatch(/^contexterm\.db\.corrupt-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/);
      expect(
        readdirSync(dir.path)
          .filter((name) => name.includes('.corrupt-'))
          .sort(),
      ).toEqual([moved, `${moved}-shm`, `${moved}-wal`]);
      expect(readFileSync(`${recoveredCorruptTo!}-wal`, 'utf8')).toBe('x');
      store.startSession(sessionInput('s'));
      store.appendChunk('s', 1, 1, Buffer.from('works'));
      await store.flush();
      expect((await store.readOutput('s', 0, null)).toString()).toBe('works');
      expect(await store.integrityCheck()).toBe('ok');
    } finally {
      await store.close();
    }
    expect(existsSync(path)).toBe(true);
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT count(*) FROM chunks').pluck().get()).toBe(1);
    db.close();
  });
});
