// SPDX-License-Identifier: MIT
import { connect } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import { SyncState } from '../../../shared/ipc/history';
import { SyncError, type SyncErrorCode } from '../../sync/sync-error';

/** The running app's socket (electron/sync-service/sync-socket.ts, whose name this repeats: the CLI does not load the app). */
const SOCKET_FILE = 'sync.sock';

const Report = z.object({
  pushed: z.number(),
  pulled: z.number(),
  forgotten: z.number(),
  rewritten: z.number(),
  devices: z.number(),
  refused: z.array(z.string()),
});

const Reply = z.union([
  z.object({ ok: z.literal(true), state: SyncState, report: Report.nullable().optional(), code: z.string().nullable().optional() }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type AppReply = Extract<z.infer<typeof Reply>, { ok: true }>;

/** No app listens there: the CLI goes on alone (taking the data dir's lock as before). */
const absent = (error: NodeJS.ErrnoException): boolean => error.code === 'ENOENT' || error.code === 'ECONNREFUSED';

/**
 * Asks the app running on this data dir to sync, report or turn off; undefined when none runs.
 * Its answer is checked like any message from outside this process.
 */
export const askApp = (dataDir: string, op: 'now' | 'status' | 'off'): Promise<AppReply | undefined> =>
  new Promise((resolve, reject) => {
    const socket = connect(join(dataDir, SOCKET_FILE));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ op })}\n`));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      absent(error) ? resolve(undefined) : reject(new SyncError('busy', `the running app did not answer: ${error.message}`)),
    );
    socket.on('end', () => {
      let reply: z.infer<typeof Reply>;
      try {
        reply = Reply.parse(JSON.parse(text));
      } catch {
        return reject(new SyncError('busy', 'the running app gave an answer this version does not read'));
      }
      if (!reply.ok) return reject(new SyncError(reply.code as SyncErrorCode, reply.message));
      resolve(reply);
    });
  });
