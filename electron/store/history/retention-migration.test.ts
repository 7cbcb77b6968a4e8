// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { configureWriter } from '../database/database';
import { migrate } from '../database/migrate';
import { migrations } from '../migrations/index';

describe('migration 6 (retention)', () => {
  it('counts the raw bytes every existing session already holds', () => {
    const db = configureWriter(new Database(':memory:'));
    migrate(db, migrations.slice(0, 5));
    db.prepare(
      "INSERT INTO sessions (id, started_at, shell, hostname, cwd, title, mode) VALUES ('a', 1, 'bash', 'h', '/', 't', 'integrated')",
    ).run();
    db.prepare(
      "INSERT INTO sessions (id, started_at, shell, hostname, cwd, title, mode) VALUES ('b', 2, 'bash', 'h', '/', 't', 'integrated')",
    ).run();
    const chunk = db.prepare('INSERT INTO chunks (session_id, seq, ts, direction, output_offset, data) VALUES (?, ?, 1, 1, 0, ?)');
    chunk.run('a', 0, Buffer.alloc(70_000));
    chunk.run('a', 1, Buffer.alloc(30));
    migrate(db, migrations);
    const rows = db.prepare('SELECT id, raw_bytes FROM sessions ORDER BY id').all();
    expect(rows).toEqual([
      { id: 'a', raw_bytes: 70_030 },
      { id: 'b', raw_bytes: 0 },
    ]);
    expect(db.prepare("SELECT v FROM commands_fts_config WHERE k = 'secure-delete'").pluck().get()).toBe(1);
    db.close();
  });
});
