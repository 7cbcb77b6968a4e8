// SPDX-License-Identifier: MIT
/**
 * The app's sync thread (bundled as its own entry, see scripts/build.mjs). Everything a run does
 * that costs time (the network, sealing and opening objects, JSON, compression) happens here, never
 * on the main thread that carries the terminals' output. Its database connection writes with the
 * writer's own pragmas (secure_delete, WAL) and SQLite's lock: each of its transactions is one
 * pulled segment or one forget, so the store's writer waits at most one short transaction.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { configureWriter } from '../store/database/database';
import { Forgetter } from '../store/history/forget';
import { FileKeyStore, readConfig, readStatus, removeSetUp, writeStatus } from '../sync/sync-config';
import { forgetSyncState, openBackend, syncOnce } from '../sync/sync-engine';
import { SyncError } from '../sync/sync-error';
import { SyncTables } from '../sync/sync-tables';
import type { RunOutcome, SyncWorkerEvent, SyncWorkerInit, SyncWorkerRequest } from './sync-messages';

const withDb = <T>(path: string, run: (db: ReturnType<typeof configureWriter>) => Promise<T>): Promise<T> => {
  const db = configureWriter(new Database(path, { fileMustExist: true }));
  return run(db).finally(() => db.close());
};

const firstLine = (error: unknown): string => (error as Error)?.message?.split('\n')[0] || 'sync failed';

const runOnce = async (init: SyncWorkerInit, send: (event: SyncWorkerEvent) => void): Promise<RunOutcome | null> => {
  const config = readConfig(init.dataDir);
  const key = config && new FileKeyStore(init.dataDir).load();
  if (!config || !key) return null;
  const status = readStatus(init.dataDir);
  const backend = await openBackend(config.backend);
  try {
    return await withDb(init.dbPath, async (db) => {
      const forgetter = new Forgetter(db);
      const forget = (ids: readonly string[]): number => {
        if (ids.length === 0) return 0;
        const forgotten = forgetter.forget({ commandIds: [...ids] }, Date.now());
        if (forgotten.commandIds.length > 0)
          send({ type: 'forgotten', commandIds: forgotten.commandIds, sessionIds: forgotten.sessionIds });
        return forgotten.commands;
      };
      const report = await syncOnce({ db, backend, config, key, forget });
      // A pulled tombstone's old page images sit in the log until a checkpoint folds them in.
      if (report.forgotten > 0) db.pragma('wal_checkpoint(TRUNCATE)');
      const at = Date.now();
      writeStatus(init.dataDir, { lastPushAt: at, lastPullAt: at, lastError: report.refused[0] ?? null, refused: report.refused });
      return { report, pending: new SyncTables(db).pendingCount(), at };
    });
  } catch (error) {
    writeStatus(init.dataDir, { ...status, lastError: firstLine(error) });
    throw error;
  } finally {
    backend.close();
  }
};

const turnOff = async (init: SyncWorkerInit): Promise<null> => {
  await withDb(init.dbPath, async (db) => forgetSyncState(db));
  new FileKeyStore(init.dataDir).remove();
  removeSetUp(init.dataDir);
  return null;
};

const serve = (port: MessagePort, init: SyncWorkerInit): void => {
  const send = (event: SyncWorkerEvent) => port.postMessage(event);
  // One request at a time: a run and an `off` never overlap (main also queues, this is the backstop).
  let queue: Promise<unknown> = Promise.resolve();
  port.on('message', (request: SyncWorkerRequest) => {
    queue = queue.then(async () => {
      try {
        const outcome = request.type === 'run' ? await runOnce(init, send) : await turnOff(init);
        send({ type: 'done', id: request.id, outcome });
      } catch (error) {
        send({ type: 'failed', id: request.id, code: error instanceof SyncError ? error.code : 'internal', message: firstLine(error) });
      }
    });
  });
};

if (!parentPort) throw new Error('sync-worker must run in a worker thread');
serve(parentPort, workerData as SyncWorkerInit);
