// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Forgetter } from '../store/history/forget';
import { createMigratedDb } from '../store/testing/fixtures';
import type { SyncRecord } from './sync-format';
import { SyncTables } from './sync-tables';

const record = (id: string, overrides: Partial<SyncRecord> = {}): SyncRecord => ({
  id,
  sessionId: id.split(':')[0]!,
  seq: Number(id.split(':')[1]),
  commandLine: `echo ${id}`,
  cwd: '/srv',
  hostname: 'other-host',
  shell: 'bash',
  startedAt: 1_700_000_000_000,
  endedAt: 1_700_000_001_000,
  exitCode: 0,
  interrupted: false,
  output: `output of ${id}`,
  remote: null,
  ...overrides,
});

const count = (db: ReturnType<typeof createMigratedDb>, sql: string): number => db.prepare(sql).pluck().get() as number;

describe('SyncTables', () => {
  it('inserts a pulled segment once, with its device, searchable by line and output at once', () => {
    const db = createMigratedDb();
    const tables = new SyncTables(db);
    expect(
      tables.insertPulled('dev-b', 'desktop', 'seg1', [record('s:1'), record('s:2', { remote: { host: 'prod', user: 'root' } })]),
    ).toBe(2);
    expect(tables.insertPulled('dev-b', 'desktop', 'seg2', [record('s:1')])).toBe(0); // a rewritten segment: nothing doubled
    expect(tables.hasSeen('dev-b', 'seg1')).toBe(true);
    expect(count(db, "SELECT count(*) FROM command_devices WHERE device_name = 'desktop'")).toBe(2);
    expect(count(db, "SELECT count(*) FROM commands_fts WHERE commands_fts MATCH 'output'")).toBe(2);
    expect(count(db, "SELECT count(*) FROM command_remotes WHERE host = 'prod'")).toBe(1);
    // Pulled records are not this device's to push.
    expect(tables.unpushed(10, true)).toEqual([]);
  });

  it('leaves a tombstone when a synced record is forgotten, and none for a record the bucket never had', () => {
    const db = createMigratedDb();
    const tables = new SyncTables(db);
    tables.insertPulled('dev-b', 'desktop', 'seg1', [record('s:1'), record('s:2')]);
    tables.insertPulled('dev-c', 'laptop', 'seg9', [record('t:1')]);
    db.prepare('DELETE FROM command_devices WHERE command_id = ?').run('t:1'); // now as if recorded here, never pushed
    new Forgetter(db).forget({ commandIds: ['s:1', 't:1'] }, 5);
    expect(tables.ourTombstones()).toEqual(['s:1']);
    // A tombstone keeps the record from coming back with a segment not yet rewritten.
    expect(tables.insertPulled('dev-b', 'desktop', 'seg3', [record('s:1')])).toBe(0);
  });

  it('turns a record forgotten while its segment was uploading into a tombstone', () => {
    const db = createMigratedDb();
    const tables = new SyncTables(db);
    tables.insertPulled('dev-b', 'desktop', 'seg1', [record('s:1')]);
    db.prepare('DELETE FROM command_devices').run();
    expect(tables.unpushed(10, false)).toEqual([expect.objectContaining({ id: 's:1', output: null })]);
    db.prepare('DELETE FROM commands').run(); // forgotten between the read and the upload
    tables.markPushed(['s:1'], 'mine1', 7);
    expect(tables.ourTombstones()).toEqual(['s:1']);
  });
});
