// SPDX-License-Identifier: MIT
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startServer } from '../../e2e/support/app';
import { HostClient, recordEvents } from './host-ws-client';

export { filesWith } from './database-bytes';

/** The sessions whose screens are kept for the next start (read with the host stopped). */
export const keptSessions = (dataDir: string): string[] => {
  const db = new Database(join(dataDir, 'contexterm.db'), { readonly: true });
  try {
    const row = db.prepare("SELECT value FROM settings WHERE key = 'workspace-screens'").get() as { value: string } | undefined;
    return Object.keys(JSON.parse(row?.value ?? '{}') as object).sort();
  } finally {
    db.close();
  }
};

export type Updated = { command: { id: string; commandLine: string | null; exitCode: number | null } };

/** One run of the host on `dataDir`, with the event helpers the test needs. */
export const openHost = async (dataDir?: string) => {
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
