// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type AppServer } from '../../e2e/support/app';
import { HostClient } from '../support/host-ws-client';

/**
 * One owner per data directory: a second browser-mode host on the same directory must refuse it
 * before it opens the database (whose start-up sweep would end the first host's live sessions),
 * and a kill -9 of the owner must not lock the directory for good.
 */
const URL_PATTERN = /http:\/\/127\.0\.0\.1:\d+/;

const openSessions = (dataDir: string, id: string): Array<{ ended_at: number | null }> => {
  const db = new Database(join(dataDir, 'contexterm.db'), { readonly: true });
  try {
    return db.prepare('SELECT ended_at FROM sessions WHERE id = ?').all(id) as Array<{ ended_at: number | null }>;
  } finally {
    db.close();
  }
};

/** Runs a host to its exit (it must exit on its own); a hang fails after 20 s instead of the test's timeout. */
const runToExit = async (dataDir: string) => {
  const home = mkdtempSync(join(tmpdir(), 'ct-home-'));
  const child = spawn(process.execPath, ['dist/node/web.mjs', '--port', '0', '--data-dir', dataDir, '--no-open'], {
    env: { ...process.env, HOME: home, SHELL: '/bin/bash' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const startedAt = Date.now();
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  rmSync(home, { recursive: true, force: true });
  return { code, signal, stdout, stderr, ms: Date.now() - startedAt };
};

describe('a second instance on one data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ct-second-'));
  let server: AppServer | undefined;

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is refused before it touches the database, and a kill -9 of the owner does not lock the directory for good', async () => {
    server = await startServer({ dataDir });
    const first = server;
    const client = await HostClient.connect(first.origin, first.token);
    const { id } = await client.invoke<{ id: string }>('pty:spawn', { cols: 80, rows: 24 });
    // The session row is written through the store's batches: wait until the file has it, open.
    await expect.poll(() => openSessions(dataDir, id), { timeout: 15_000 }).toEqual([{ ended_at: null }]);

    const second = await runToExit(dataDir);
    expect(second.signal, second.stderr).toBeNull();
    expect(second.code, second.stderr).toBe(1);
    expect(second.ms).toBeLessThan(10_000);
    expect(second.stderr).toContain(`contexterm: Another Contexterm (pid ${first.process.pid}, started `);
    expect(second.stderr).toContain(`is using ${dataDir}. Close it first, or start this one with --data-dir pointing elsewhere.`);
    expect(second.stdout + second.stderr).not.toMatch(URL_PATTERN);

    // The first host was not disturbed: its session is still open in the database and it answers.
    expect(openSessions(dataDir, id)).toEqual([{ ended_at: null }]);
    await client.invoke('app:info', {});
    expect(JSON.parse(readFileSync(join(dataDir, 'contexterm.lock'), 'utf8'))).toMatchObject({ pid: first.process.pid });
    client.close();

    // kill -9: no exit hook runs, the lock file stays behind with a dead pid. stop() resolves on the exit.
    first.process.kill('SIGKILL');
    server = undefined;
    await first.stop();
    expect(JSON.parse(readFileSync(join(dataDir, 'contexterm.lock'), 'utf8'))).toMatchObject({ pid: first.process.pid });

    server = await startServer({ dataDir });
    const third = await HostClient.connect(server.origin, server.token);
    // Answered only once the store has opened, and with it swept the session the kill left open.
    await third.invoke('app:info', {});
    third.close();
    expect(JSON.parse(readFileSync(join(dataDir, 'contexterm.lock'), 'utf8'))).toMatchObject({ pid: server.process.pid });
    expect(openSessions(dataDir, id)).toEqual([{ ended_at: expect.any(Number) }]);

    // A clean stop releases the directory.
    expect(await server.stop()).toBe(0);
    server = undefined;
    expect(() => readFileSync(join(dataDir, 'contexterm.lock'))).toThrow(/ENOENT/);
  });
});
