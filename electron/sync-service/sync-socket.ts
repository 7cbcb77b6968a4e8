// SPDX-License-Identifier: MIT
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import type { SyncState } from '../../shared/ipc/history';
import { SyncError } from '../sync/sync-error';
import type { LastRun } from './sync-service';

/**
 * `contexterm sync now|status|off` while the app runs: the CLI asks the app over a unix socket in
 * the data dir, so the app's sync (and its writer) stays the only one writing the database. The
 * socket is 0600 in the 0700 data dir: only this user reaches it, as only they can read the
 * database itself; no token is needed beyond that. One request line, one answer line, each JSON
 * and validated; anything else is answered with an error and the connection closed.
 */
const SYNC_SOCKET = 'sync.sock';

const Request = z.strictObject({ op: z.enum(['now', 'status', 'off']) });

export interface SocketControl {
  state(): SyncState;
  now(): Promise<SyncState>;
  off(): Promise<SyncState>;
  lastRun(): LastRun;
}

/** A request line longer than this is not one of ours. */
const MAX_LINE = 1024;

const answer = async (control: SocketControl, line: string): Promise<object> => {
  let op: z.infer<typeof Request>['op'];
  try {
    op = Request.parse(JSON.parse(line)).op;
  } catch {
    return { ok: false, code: 'bad-input', message: 'not a sync request' };
  }
  try {
    if (op === 'status') return { ok: true, state: control.state() };
    if (op === 'off') return { ok: true, state: await control.off() };
    return { ok: true, state: await control.now(), ...control.lastRun() };
  } catch (error) {
    return { ok: false, code: error instanceof SyncError ? error.code : 'internal', message: (error as Error).message };
  }
};

const serveOne = (control: SocketControl, socket: Socket): void => {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    const end = buffered.indexOf('\n');
    if (end < 0 && buffered.length <= MAX_LINE) return;
    socket.removeAllListeners('data');
    const line = end < 0 ? '' : buffered.slice(0, end);
    void answer(control, line.length > MAX_LINE ? '' : line).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
  });
};

/** Listens at DATA_DIR/sync.sock; a socket left by a crashed app is replaced (the data dir's lock says we own it). */
export const listenForCli = async (dataDir: string, control: SocketControl): Promise<Server> => {
  const path = join(dataDir, SYNC_SOCKET);
  rmSync(path, { force: true });
  const server = createServer((socket) => serveOne(control, socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  server.unref();
  return server;
};
