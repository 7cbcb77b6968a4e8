// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../../shared/ipc/define';
import { configureWriter, type WritableDb } from './database';
import { migrate, type Migration } from './migrate';
import { migrations } from '../migrations/index';
import { openStore } from '../store';
import { makeTempDir, type TempDir } from '../testing/fixtures';

const memoryDb = (): WritableDb => configureWriter(new Database(':memory:'));
const userVersion = (db: Database.Database) => db.pragma('user_version', { simple: true });
const tables = (db: Database.Database) =>
  db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all() as string[];

const recording = (log: string[], count: number): Migration[] =>
  Array.from({ length: count }, (_, i) => ({
    version: i + 1,
    name: `m${i + 1}`,
    up: (db: WritableDb) => {
      log.push(`m${i + 1}`);
      db.exec(`CREATE TABLE t${i + 1} (x INTEGER) STRICT`);
    },
  }));

let dir: TempDir | undefined;
afterEach(() => dir?.remove());

describe('migrate', () => {
  it('runs pending migrations in order, each once, and records the version', () => {
    const db = memoryDb();
    const log: string[] = [];
    expect(migrate(db, recording(log, 2))).toEqual({ from: 0, to: 2 });
    expect(migrate(db, recording(log, 4))).toEqual({ from: 2, to: 4 });
    expect(log).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(userVersion(db)).toBe(4);
  });

  it('rolls a failing migration back entirely, version included', () => {
    const db = memoryDb();
    const broken: Migration[] = [
      ...recording([], 1),
      {
        version: 2,
        name: 'broken',
        up: (d) => {
          d.exec('CREATE TABLE half (x INTEGER) STRICT');
          throw new Error('boom');
        },
      },
    ];
    expect(() => migrate(db, broken)).toThrow('boom');
    expect(userVersion(db)).toBe(1);
    expect(tables(db)).toEqual(['t1']);
  });

  it('refuses a migration list with a gap or a duplicate', () => {
    const [one, two] = recording([], 2);
    expect(() => migrate(memoryDb(), [one!, { ...two!, version: 3 }])).toThrow(/expected 2/);
    expect(() => migrate(memoryDb(), [one!, one!])).toThrow(/expected 2/);
  });

  it('refuses a database from a newer version without touching it', () => {
    const db = memoryDb();
    db.pragma(`user_version = ${migrations.length + 1}`);
    expect(() => migrate(db, migrations)).toThrow(expect.objectContaining({ name: 'StoreVersionError' }));
    expect(tables(db)).toEqual([]);
  });

  it('creates the schema as STRICT tables with an FTS index', () => {
    const db = memoryDb();
    migrate(db, migrations);
    expect(userVersion(db)).toBe(migrations.length);
    const names = tables(db);
    for (const name of ['sessions', 'chunks', 'commands', 'commands_fts', 'settings']) expect(names).toContain(name);
    for (const name of ['sessions', 'chunks', 'commands', 'settings']) {
      const sql = db.prepare('SELECT sql FROM sqlite_schema WHERE name = ?').pluck().get(name) as string;
      expect(sql, name).toMatch(/\)\s*STRICT/);
    }
    expect(() => db.prepare("INSERT INTO settings (key, value) VALUES ('k', 'not json')").run()).toThrow(/CHECK/);
  });

  it('openStore rejects a newer database with StoreVersionError and leaves the file in place', async () => {
    dir = makeTempDir();
    const path = join(dir.path, 'contexterm.db');
    const db = new Database(path);
    db.pragma(`user_version = ${migrations.length + 7}`);
    db.close();
    const refused = await openStore({ dataDir: dir.path }).catch((error: unknown) => error);
    // Typed across the thread boundary, so a host shows it as it is; and it names the file to move.
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      name: 'StoreVersionError',
      code: 'failed',
      message: expect.stringContaining(`The history database ${path} is from a newer version`),
    });
    expect(existsSync(path)).toBe(true);
    const again = new Database(path);
    expect(userVersion(again)).toBe(migrations.length + 7);
    again.close();
  });
});
