// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../../electron/store/migrations/index';
import { startServer, type AppServer } from '../../e2e/support/app';
import { HostClient } from '../support/host-ws-client';
import { Terminal } from '../support/host-terminal';

/**
 * Start-up failures and stray errors in browser mode's main process: a start that cannot succeed
 * says why in plain words, exits non-zero and leaves the data directory free; an error nobody
 * handled is logged and the host goes on serving its terminals.
 */
let server: AppServer | undefined;
const dirs: string[] = [];

afterEach(async () => {
  await server?.stop();
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** Runs a host to its exit; a hang fails after 20 s instead of at the test's timeout. */
const runToExit = async (dataDir: string) => {
  const child = spawn(process.execPath, ['dist/node/web.mjs', '--port', '0', '--data-dir', dataDir, '--no-open'], {
    env: { ...process.env, HOME: tempDir('ct-home-'), SHELL: '/bin/bash' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  return { code, signal, stderr };
};

const userVersion = (path: string): number => {
  const db = new Database(path, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
};

describe('browser mode start-up', () => {
  it('refuses a database from a newer version: a plain message naming the file, exit 1, the lock released', async () => {
    const dataDir = tempDir('ct-newer-');
    const path = join(dataDir, 'contexterm.db');
    const db = new Database(path);
    db.pragma(`user_version = ${migrations.length + 5}`);
    db.close();

    const refused = await runToExit(dataDir);
    expect(refused.signal, refused.stderr).toBeNull();
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(
      `contexterm: The history database ${path} is from a newer version of Contexterm (schema ${migrations.length + 5}; ` +
        `this version understands up to ${migrations.length}). Update Contexterm, or move that file`,
    );
    // Expected, not a bug: no stack trace for the user to puzzle over.
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dataDir, 'contexterm.lock'))).toBe(false);
    expect(userVersion(path)).toBe(migrations.length + 5);

    // A good directory starts, and so does this one once the newer database is moved away.
    server = await startServer({ dataDir: tempDir('ct-good-') });
    const client = await HostClient.connect(server.origin, server.token);
    await client.invoke('app:info', {});
    client.close();
    renameSync(path, `${path}.newer`);
    await server.stop();
    server = await startServer({ dataDir });
    const again = await HostClient.connect(server.origin, server.token);
    await again.invoke('app:info', {});
    again.close();
  });
});

describe('an error nobody handled in the main process', () => {
  it('is logged, and the host goes on: terminals still echo, requests are still answered', async () => {
    server = await startServer({ env: { CONTEXTERM_TEST_FAULTS: 'main:reject,main:throw' } });
    const host = server;
    await expect
      .poll(() => host.stderr(), { timeout: 15_000 })
      .toContain('uncaught exception (survived; the app keeps running): Error: test fault: throw in main');
    expect(host.stderr()).toContain('unhandled promise rejection (survived; the app keeps running): Error: test fault: reject in main');
    const client = await HostClient.connect(host.origin, host.token);
    const terminal = await Terminal.open(client);
    await terminal.run('echo survived-$((6*7))', /survived-42/);
    expect(host.process.exitCode).toBeNull();
    client.close();
  });
});
