// SPDX-License-Identifier: MIT
import { mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncState } from '../../../shared/ipc/history';
import { acquireDataDirLock, type DataDirLock } from '../../../electron/data-dir/data-dir-lock';
import { SyncService } from '../../../electron/sync-service/sync-service';
import { listenForCli } from '../../../electron/sync-service/sync-socket';
import { makeDevice, runCli, type Device } from './sync-support';

/**
 * The app's sync service with its real worker, on a folder backend: it syncs by itself on its
 * interval, says `failed` with a plain reason while the folder is gone and keeps the records
 * waiting, catches up once it is back, and answers the CLI over its socket.
 */
describe('the app syncs by itself', () => {
  let device: Device;
  let folder: string;
  let service: SyncService;
  const states: SyncState[] = [];
  const logged: string[] = [];
  let socket: Awaited<ReturnType<typeof listenForCli>>;
  // Held as the running app holds it: a CLI that did not ask the app would refuse ('busy').
  let lock: DataDirLock;

  beforeAll(async () => {
    device = makeDevice();
    folder = mkdtempSync(join(tmpdir(), 'ct-sync-folder-'));
    const init = await runCli(['sync', 'init', '--folder', folder, '--data-dir', device.dataDir, '--device-name', 'laptop']);
    expect(init.code).toBe(0);
    lock = acquireDataDirLock(device.dataDir);
    service = new SyncService({
      dataDir: device.dataDir,
      dbPath: join(device.dataDir, 'contexterm.db'),
      intervalSeconds: () => 0.2,
      changed: (state) => states.push(state),
      forgotten: () => undefined,
      log: (message) => logged.push(message),
    });
    socket = await listenForCli(device.dataDir, service);
  }, 60_000);

  afterAll(async () => {
    socket?.close();
    await service?.close();
    lock?.release();
    device?.remove();
    rmSync(folder, { recursive: true, force: true });
    rmSync(`${folder}.away`, { recursive: true, force: true });
  });

  it('pushes a new record on its own, going through syncing', { timeout: 60_000 }, async () => {
    device.record({ id: 'sess-a:1', line: 'make test', output: 'ok', cwd: '/src', hostname: 'laptop-host' });
    await expect
      .poll(() => service.state(), { timeout: 30_000, interval: 100 })
      .toMatchObject({ state: 'idle', pending: 0, device: 'laptop' });
    expect(service.state().lastPushAt).not.toBeNull();
    expect(states.some((state) => state.state === 'syncing')).toBe(true);
  });

  it('fails plainly while the folder is gone, keeps what waits, and catches up once it is back', { timeout: 60_000 }, async () => {
    renameSync(folder, `${folder}.away`);
    await expect.poll(() => service.state().state, { timeout: 30_000, interval: 100 }).toBe('failed');
    expect(service.state().lastError).toMatch(/no sync group/);
    device.record({ id: 'sess-a:2', line: 'make lint', output: 'ok', cwd: '/src', hostname: 'laptop-host' });
    // Recording is not held up: the record is in the database, waiting for the bucket.
    expect(device.has('sess-a:2')).toBe(true);
    renameSync(`${folder}.away`, folder);
    await expect
      .poll(() => service.state(), { timeout: 30_000, interval: 100 })
      .toMatchObject({ state: 'idle', pending: 0, lastError: null });
  });

  it('answers `contexterm sync now` and `sync status` over its 0600 socket', { timeout: 60_000 }, async () => {
    expect(statSync(join(device.dataDir, 'sync.sock')).mode & 0o777).toBe(0o600);
    device.record({ id: 'sess-a:3', line: 'make docs', output: 'ok', cwd: '/src', hostname: 'laptop-host' });
    const now = await runCli(['sync', 'now', '--data-dir', device.dataDir]);
    expect(now.stderr).toBe('');
    // The run may have started on its own first; then `now` runs once more after it.
    expect(now.stdout).toMatch(/^pushed \d+, pulled 0, .* \(by the running app\)$/m);
    expect(service.state().pending).toBe(0);
    const status = await runCli(['sync', 'status', '--json', '--data-dir', device.dataDir]);
    expect(JSON.parse(status.stdout)).toMatchObject({ device: 'laptop', pending: 0, app: expect.stringMatching(/idle|syncing/) });
  });

  it('refuses a request that is not one of its own', { timeout: 30_000 }, async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const client = connect(join(device.dataDir, 'sync.sock'));
      let text = '';
      client.on('connect', () => client.write('{"op":"rm -rf"}\n'));
      client.on('data', (chunk) => (text += chunk.toString()));
      client.on('end', () => resolve(text));
      client.on('error', reject);
    });
    expect(JSON.parse(reply)).toEqual({ ok: false, code: 'bad-input', message: 'not a sync request' });
  });
});
