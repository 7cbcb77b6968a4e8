// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandId } from '../../../shared/domain/command';
import { DomainError } from '../../../shared/ipc/define';
import type { RecordingStatus } from '../../../shared/ipc/history';
import { TEST_FAULTS_ENV } from '../../runtime/test-faults';
import { UNLIMITED_POLICY } from '../history/policy';
import { openStore, type Store } from '../store';
import { makeTempDir, type TempDir } from '../testing/fixtures';

/**
 * The writer worker failing under a running store (an exception, or the thread ending as a crash
 * would end it): what it had not committed is accounted for, a new writer takes over on the live
 * file without ending its sessions, and a writer that keeps failing is given up on with a notice.
 */
const MB = 1024 * 1024;
let dir: TempDir | undefined;
let store: Store | undefined;

afterEach(async () => {
  delete process.env[TEST_FAULTS_ENV];
  await store?.close();
  store = undefined;
  dir?.remove();
});

const open = async (fault: string, delaysMs: number[]) => {
  // Read by each writer thread as it starts: the replacement carries the same fault.
  process.env[TEST_FAULTS_ENV] = fault;
  dir = makeTempDir();
  const errors: string[] = [];
  store = (
    await openStore({ dataDir: dir.path, onError: (error) => errors.push(error.message), writerRestarts: { delaysMs, windowMs: 60_000 } })
  ).store;
  const statuses: RecordingStatus[] = [];
  store.onStatus((status) => statuses.push(status));
  return { store, errors, statuses };
};

const session = (id: string) => ({ id, startedAt: 1_000, shell: 'bash', hostname: 'h', cwd: '/', title: id, mode: 'integrated' as const });
const command = (sessionId: string, seq: number, line: string, outputStart: number, ended: number | null = null) => ({
  id: commandId(sessionId, seq),
  sessionId,
  seq,
  commandLine: line,
  cwd: '/',
  hostname: 'h',
  shell: 'bash',
  startedAt: 2_000,
  endedAt: ended,
  exitCode: ended === null ? null : 0,
  outputStart,
  outputEnd: ended === null ? null : outputStart + 5,
  outputSummary: '',
  source: 'integrated' as const,
});

const rows = (path: string, sql: string, ...args: unknown[]) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).all(...args);
  } finally {
    db.close();
  }
};

describe.each(['throw', 'exit'])('a writer that fails (%s)', (kind) => {
  it('is replaced: sessions stay open, commands it held are written, only its uncommitted output is lost', async () => {
    const { store, errors, statuses } = await open(`writer:${kind}:BOOM`, [0, 0, 0]);
    store.startSession(session('s1'));
    store.appendChunk('s1', 1, 1_500, Buffer.from('kept\r\n'));
    await store.flush();

    // One message: a new session, a command, and the output that kills the writer.
    store.startSession(session('s2'));
    store.upsertCommand(command('s1', 0, 'make', 6));
    store.appendChunk('s1', 1, 2_100, Buffer.from('BOOM!\r\n'));
    store.appendChunk('s2', 1, 2_100, Buffer.from('s2 out\r\n'));
    await expect.poll(() => statuses.map((s) => s.state)).toEqual(['failing', 'ok']);
    expect(statuses[0]).toMatchObject({ reason: 'writer', message: expect.stringContaining('the history database writer failed') });
    expect(statuses[1]).toMatchObject({ lostBytes: 'BOOM!\r\ns2 out\r\n'.length, message: expect.stringContaining('restarted') });
    expect(errors.join('\n')).toMatch(/history database writer stopped unexpectedly/);
    expect(store.backlogBytes).toBe(0);

    store.appendChunk('s1', 1, 3_000, Buffer.from('after\r\n'));
    store.appendChunk('s2', 1, 3_000, Buffer.from('s2 after\r\n'));
    store.upsertCommand(command('s1', 0, 'make', 6, 3_100));
    await store.flush();
    expect(store.status.state).toBe('ok');
    const path = join(dir!.path, 'contexterm.db');
    expect(rows(path, 'SELECT id, ended_at FROM sessions ORDER BY id')).toEqual([
      { id: 's1', ended_at: null },
      { id: 's2', ended_at: null },
    ]);
    expect((await store.readOutput('s1', 0, null)).toString()).toBe('kept\r\nafter\r\n');
    expect((await store.readOutput('s2', 0, null)).toString()).toBe('s2 after\r\n');
    expect(await store.recentCommands('s1', 5)).toMatchObject([{ commandLine: 'make', exitCode: 0 }]);
    // The small tables work through the new writer too.
    await store.tables.settings.set('k', '"v"');
    expect(await store.tables.settings.get('k')).toBe('"v"');
    expect(errors.filter((e) => !/stopped unexpectedly/.test(e))).toEqual([]);
  }, 30_000);
});

describe('a replaced writer', () => {
  it('keeps the retention policy the old one was given', async () => {
    const { store, statuses } = await open('writer:exit:BOOM', [0, 0]);
    await store.tables.history.setPolicy({ ...UNLIMITED_POLICY, commandRawMaxBytes: 2 * MB });
    store.startSession(session('s'));
    store.appendChunk('s', 1, 1_000, Buffer.from('BOOM'));
    await expect.poll(() => statuses.map((s) => s.state)).toEqual(['failing', 'ok']);

    const start = store.outputBytes('s')!;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    store.upsertCommand(command('s', 0, 'flood', start));
    for (let i = 0; i < 160; i++) store.appendChunk('s', 1, 2_000, chunk);
    store.upsertCommand(command('s', 0, 'flood', start, 3_000));
    await store.flush();
    // 10 MB under a 2 MB per-command cap: a writer on the default policy would keep it all.
    expect((await store.tables.history.usage()).rawBytes).toBeLessThan(2.5 * MB);
  }, 30_000);
});

describe('a writer that keeps failing', () => {
  it('is given up on: recording stops with what was lost, calls fail plainly, the store still closes', async () => {
    const { store, statuses } = await open('writer:throw:BOOM', [0]);
    store.startSession(session('s'));
    store.appendChunk('s', 1, 1_000, Buffer.from('BOOM 1'));
    await expect.poll(() => statuses.map((s) => s.state)).toEqual(['failing', 'ok']);

    // The replacement dies too, and with the limit reached its command is not sent a third time.
    store.upsertCommand(command('s', 0, 'first', 6));
    store.appendChunk('s', 1, 1_100, Buffer.from('BOOM 2'));
    await expect.poll(() => statuses.length).toBe(3);
    expect(statuses[2]).toMatchObject({ state: 'failing', reason: 'writer' });
    expect(statuses[2]!.message).toMatch(/could not be restarted; .*restart Contexterm to record again/);

    store.upsertCommand(command('s', 1, 'second', 12));
    store.upsertCommand(command('s', 2, 'third', 12));
    await expect(store.flush()).rejects.toBeInstanceOf(DomainError);
    expect(store.status.message).toMatch(/; 3 commands and 6 bytes of output were not saved\./);
    await expect(store.tables.settings.get('k')).rejects.toMatchObject({
      code: 'failed',
      message: expect.stringContaining('writer is not running'),
    });
    expect(store.backlogBytes).toBe(0);
  }, 30_000);
});
