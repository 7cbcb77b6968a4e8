// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../e2e/support/app';
import { HostClient, recordEvents } from '../support/host-ws-client';

/** Where in the data directory's database files (file, WAL, shared memory) `marker` still is. */
const filesWith = (dataDir: string, marker: string): string[] =>
  ['', '-wal', '-shm'].filter((suffix) => {
    const path = join(dataDir, `contexterm.db${suffix}`);
    return existsSync(path) && readFileSync(path).includes(marker);
  });

/** The sessions whose screens are kept for the next start (read with the host stopped). */
const keptSessions = (dataDir: string): string[] => {
  const db = new Database(join(dataDir, 'contexterm.db'), { readonly: true });
  try {
    const row = db.prepare("SELECT value FROM settings WHERE key = 'workspace-screens'").get() as { value: string } | undefined;
    return Object.keys(JSON.parse(row?.value ?? '{}') as object).sort();
  } finally {
    db.close();
  }
};

type Updated = { command: { id: string; commandLine: string | null; exitCode: number | null } };

const open = async (dataDir?: string) => {
  const server = await startServer(dataDir ? { dataDir } : {});
  const client = await HostClient.connect(server.origin, server.token);
  const { next } = recordEvents(client);
  const spawn = async () => {
    const { id } = await client.invoke<{ id: string }>('pty:spawn', { cols: 100, rows: 30 });
    await next('session:updated', (p: { session: { id: string; mode: string } }) => p.session.id === id && p.session.mode === 'integrated');
    return id;
  };
  const run = async (ptyId: string, line: string) => {
    client.send('pty:input', { id: ptyId, data: `${line}\r` });
    return (await next('commands:updated', (p: Updated) => p.command.commandLine === line && p.command.exitCode !== null)).command;
  };
  const stop = async () => {
    client.close();
    await server.stop();
  };
  return { server, client, next, spawn, run, stop };
};

/**
 * A line kept out of the record stays out of every stored byte, the screens kept for the next start
 * included: the terminal that showed it is not kept (at the 15 s pass nor at shutdown), and its
 * restore shows the recorded output, which never held it.
 */
describe('an excluded line and the kept screens', () => {
  const token = randomUUID().slice(0, 8);
  let run: Awaited<ReturnType<typeof open>> | undefined;

  afterAll(async () => {
    await run?.stop();
  });

  it('keeps no screen that shows an excluded line, and the restore does not show it', async () => {
    run = await open();
    const { dataDir } = run.server;
    const excluding = await run.spawn();
    const other = await run.spawn();
    await run.client.invoke('workspace:save', { groups: [excluding, other].map((id) => ({ root: { kind: 'leaf', id }, focus: id })) });
    await run.run(excluding, 'HISTCONTROL=ignoreboth');
    await run.run(excluding, `echo before-${token}`);
    run.client.send('pty:input', { id: excluding, data: ` echo excluded-${token}-$((6*7))\r` });
    await run.next('pty:data', (p: { id: string; data: string }) => p.id === excluding && p.data.includes(`excluded-${token}-42`));
    await run.run(excluding, `echo after-${token}`);
    await run.run(other, `echo other-${token}`);
    // Shutdown keeps every keepable screen one last time.
    await run.stop();
    expect(filesWith(dataDir, `excluded-${token}`)).toEqual([]);
    expect(keptSessions(dataDir)).toEqual([other]);
    expect(filesWith(dataDir, `other-${token}`)).not.toEqual([]);

    run = await open(dataDir);
    const restored = await run.client.invoke<{ previous?: Record<string, string> }>('workspace:restore', { confirmed: true });
    const byOld = new Map(Object.entries(restored.previous ?? {}).map(([fresh, old]) => [old, fresh]));
    const shown = async (old: string) => (await run!.client.invoke<{ snapshot: { data: string } }>('pty:attach', { id: byOld.get(old)! })).snapshot.data;
    expect(await shown(excluding)).toContain(`after-${token}`);
    expect(await shown(excluding)).not.toContain(`excluded-${token}`);
    expect(await shown(other)).toContain(`other-${token}`);
  });
});
