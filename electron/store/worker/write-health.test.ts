// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordingStatus } from '../../../shared/ipc/history';
import type { Store } from '../store';
import { commandInput, sessionInput } from '../testing/fixtures';
import { useTempStore } from '../testing/temp-store';
import { storageFailure, WriteHealth } from './write-health';

const sqliteError = (code: string, message = code) => new Database.SqliteError(message, code);

describe('storageFailure', () => {
  it('names the failures that are about where the database lives', () => {
    expect(storageFailure(sqliteError('SQLITE_FULL', 'database or disk is full'))).toBe('disk-full');
    expect(storageFailure(sqliteError('SQLITE_BUSY'))).toBe('locked');
    expect(storageFailure(sqliteError('SQLITE_READONLY_DBMOVED'))).toBe('read-only');
    expect(storageFailure(sqliteError('SQLITE_IOERR_WRITE'))).toBe('io');
    // A bad write is not a state of the disk: it is reported, and the rest of the batch still lands.
    expect(storageFailure(sqliteError('SQLITE_CONSTRAINT_FOREIGNKEY'))).toBeUndefined();
    expect(storageFailure(new Error('SQLITE_FULL'))).toBeUndefined();
  });
});

describe('WriteHealth', () => {
  it('reports each change once, with the bytes lost meanwhile', () => {
    const reports: RecordingStatus[] = [];
    const health = new WriteHealth(
      (status) => reports.push(status),
      () => 5,
    );
    health.succeeded();
    health.failed('disk-full', 100);
    health.failed('disk-full', 50);
    health.succeeded();
    health.succeeded();
    expect(reports.map((r) => [r.state, r.reason, r.lostBytes])).toEqual([
      ['failing', 'disk-full', 100],
      ['ok', null, 150],
    ]);
  });
});

describe('a database locked by another program', () => {
  const temp = useTempStore();
  let store: Store;
  beforeEach(() => {
    store = temp.store;
  });

  it('stops recording with reason "locked" after the busy timeout, and resumes once released', { timeout: 30_000 }, async () => {
    const statuses: RecordingStatus[] = [];
    store.onStatus((status) => statuses.push(status));
    store.startSession(sessionInput('s'));
    await store.flush();
    const other = new Database(store.path);
    other.exec('BEGIN IMMEDIATE');
    store.upsertCommand(commandInput('s', 1));
    store.appendChunk('s', 1, Date.now(), Buffer.from('written while locked;'));
    await expect.poll(() => statuses.at(-1)?.state, { timeout: 15_000, interval: 100 }).toBe('failing');
    expect(statuses.at(-1)).toMatchObject({ reason: 'locked' });
    other.exec('ROLLBACK');
    other.close();
    // The held command record lands with the retry; new output lands too.
    store.appendChunk('s', 1, Date.now(), Buffer.from('after'));
    await expect.poll(() => statuses.at(-1)?.state, { timeout: 15_000, interval: 100 }).toBe('ok');
    await store.flush();
    expect((await store.commandsByIds(['s:1'])).map((c) => c.id)).toEqual(['s:1']);
    // What waited out the lock inside SQLite's busy timeout landed; anything that failed was counted.
    const stored = (await store.readOutput('s', 0, null)).toString();
    expect(stored.endsWith('after')).toBe(true);
    expect(stored.length + statuses.at(-1)!.lostBytes).toBe('written while locked;after'.length);
  });
});
