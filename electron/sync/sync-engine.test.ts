// SPDX-License-Identifier: MIT
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Forgetter } from '../store/history/forget';
import { createMigratedDb, makeTempDir, type TempDir } from '../store/testing/fixtures';
import { FolderBackend } from './folder-backend';
import type { SyncConfig } from './sync-config';
import { checkGroup, createGroup, syncOnce } from './sync-engine';
import { newKey } from './sync-keys';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));

const device = (folder: string, id: string, content: SyncConfig['content'] = 'output') => {
  const db = createMigratedDb();
  const config: SyncConfig = {
    v: 1,
    backend: { kind: 'folder', path: folder },
    prefix: 'p',
    deviceId: id,
    deviceName: `name-${id.slice(0, 4)}`,
    content,
  };
  const forgetter = new Forgetter(db);
  const record = (id: string, line: string, output: string): void => {
    const [session, seq] = id.split(':') as [string, string];
    db.prepare(
      `INSERT OR IGNORE INTO sessions (id, started_at, ended_at, shell, hostname, cwd, title, mode) VALUES (?, 1, 2, 'bash', 'h', '/', 't', 'integrated')`,
    ).run(session);
    db.prepare(
      `INSERT INTO commands (id, session_id, seq, command_line, cwd, hostname, shell, started_at, ended_at, exit_code, output_start, output_end, source, output_indexed, output_summary, clean_output)
       VALUES (?, ?, ?, ?, '/srv', 'h', 'bash', 1, 2, 0, 0, 0, 'integrated', 1, '', ?)`,
    ).run(id, session, Number(seq), line, output);
  };
  const line = (id: string) =>
    db.prepare('SELECT command_line AS line, clean_output AS output FROM commands WHERE id = ?').get(id) as
      { line: string; output: string | null } | undefined;
  return { db, config, record, line, forget: (ids: readonly string[]) => forgetter.forget({ commandIds: [...ids] }, 3).commands };
};

describe('syncOnce through a folder', () => {
  let dir: TempDir | undefined;
  afterEach(() => dir?.remove());

  it('carries records both ways, sends no output in commands-only mode, and forgets everywhere', async () => {
    dir = makeTempDir('contexterm-sync-folder-');
    const key = newKey();
    const backend = new FolderBackend(dir.path);
    const a = device(dir.path, '11111111-1111-4111-8111-111111111111');
    const b = device(dir.path, '22222222-2222-4222-8222-222222222222', 'commands');
    await createGroup(backend, a.config, key);
    await checkGroup(backend, b.config, key);
    const run = (d: typeof a) => syncOnce({ db: d.db, backend, config: d.config, key, forget: d.forget });

    a.record('sa:1', 'echo folder-canary-a', 'output-canary-a');
    b.record('sb:1', 'echo folder-canary-b', 'output-canary-b');
    expect(await run(a)).toMatchObject({ pushed: 1, pulled: 0 });
    expect(await run(b)).toMatchObject({ pushed: 1, pulled: 1, devices: 2 });
    expect(await run(a)).toMatchObject({ pulled: 1 });
    expect(b.line('sa:1')).toEqual({ line: 'echo folder-canary-a', output: 'output-canary-a' });
    expect(a.line('sb:1')).toEqual({ line: 'echo folder-canary-b', output: null }); // b sends command lines only

    const plain = () => files(dir!.path).filter((file) => /canary/.test(readFileSync(file, 'latin1')));
    expect(plain()).toEqual([]);

    b.forget(['sa:1']);
    await run(b);
    expect(await run(a)).toMatchObject({ forgotten: 1, rewritten: 1 });
    expect(a.line('sa:1')).toBeUndefined();
    expect(files(dir.path).filter((file) => file.includes('/s/'))).toHaveLength(1); // only b's segment is left
    expect(plain()).toEqual([]);
  });

  it('refuses a wrong key before writing anything', async () => {
    dir = makeTempDir('contexterm-sync-folder-');
    const backend = new FolderBackend(dir.path);
    const a = device(dir.path, '33333333-3333-4333-8333-333333333333');
    await createGroup(backend, a.config, newKey());
    const before = files(dir.path);
    a.record('sa:1', 'echo x', 'y');
    await expect(syncOnce({ db: a.db, backend, config: a.config, key: newKey(), forget: a.forget })).rejects.toMatchObject({
      code: 'wrong-key',
      message: expect.stringContaining('the key changed'),
    });
    expect(files(dir.path)).toEqual(before);
  });

  it('puts right what a push killed midway left: listed but unmarked segments, unlisted objects', async () => {
    dir = makeTempDir('contexterm-sync-folder-');
    const key = newKey();
    const backend = new FolderBackend(dir.path);
    const a = device(dir.path, '44444444-4444-4444-8444-444444444444');
    await createGroup(backend, a.config, key);
    const run = () => syncOnce({ db: a.db, backend, config: a.config, key, forget: a.forget });
    for (let i = 1; i <= 3; i++) a.record(`sk:${i}`, `echo killed-${i}`, 'out');
    expect(await run()).toMatchObject({ pushed: 3 });
    const segments = () => files(dir!.path).filter((file) => file.includes('/s/'));
    expect(segments()).toHaveLength(1);

    // Killed after the manifest was written and before the marks: the records must not go up twice.
    a.db.exec('DELETE FROM sync_pushed');
    expect(await run()).toMatchObject({ pushed: 0 });
    expect(segments()).toHaveLength(1);

    // Killed after a segment was written and before the manifest named it: the orphan goes.
    const [only] = segments();
    await backend.put(`${only!.slice(dir.path.length + 1, only!.lastIndexOf('/'))}/${'0'.repeat(32)}`, new Uint8Array([1, 2, 3]));
    expect(segments()).toHaveLength(2);
    await run();
    expect(segments()).toEqual([only]);
  });
});
