// SPDX-License-Identifier: MIT
/**
 * Entry point of the store's worker threads (one writer, one reader), chosen by `workerData.role`.
 * Bundled as its own file next to the host bundle (see client/worker-url.ts); it must stay importable on
 * its own, so it pulls in only the store's worker-side modules.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { openReader, SLOW_QUERY_MS } from '../database/database';
import { migrations } from '../migrations/index';
import { openWriter } from '../database/open-database';
import { DomainError } from '../../../shared/ipc/define';
import { plantedFaults, tripFault } from '../../runtime/test-faults';
import { AFTER_BURST, IdleRelease } from '../../runtime/idle-release';
import { answerMemoryProbes, isMemoryProbe } from '../../runtime/thread-memory';
import { isReadMethod, type ReaderEvent, type ReaderRequest, type WorkerInit, type WriterEvent, type WriterRequest } from './protocol';
import { StoreQueries } from '../queries/queries';
import { HistoryTable } from '../history/history-table';
import { tableServer } from './table-calls';
import { Writer } from './writer';

const errorFields = (error: unknown) => ({
  name: (error as Error)?.name ?? 'Error',
  message: (error as Error)?.message ?? String(error),
  // A domain error (a database from a newer version) stays one on main: hosts show its message as it is.
  ...(error instanceof DomainError ? { code: error.code } : {}),
});

const runWriter = (port: MessagePort, init: Extract<WorkerInit, { role: 'writer' }>): void => {
  const send = (event: WriterEvent) => port.postMessage(event);
  let writer: Writer;
  let serveTable: ReturnType<typeof tableServer>;
  // After a flood (its writes, then the indexing of its output): SQLite's page cache back to the
  // allocator, then this heap, then the allocator's free pages to the system.
  const release = new IdleRelease({ ...AFTER_BURST, before: () => writer.shrinkMemory() });
  try {
    const opened = openWriter({ path: init.path, migrations, integrityCheck: init.integrityCheck, resume: init.resume === true });
    writer = new Writer(opened.db, {
      committed: (bytes, flushIds, messages) => send({ type: 'committed', bytes, flushIds, messages }),
      error: (message) => send({ type: 'write-error', message }),
      health: (status) => send({ type: 'health', status }),
      indexed: () => release.note(1),
    });
    serveTable = tableServer(opened.db, send, new HistoryTable(writer));
    const { recoveredCorruptTo, orphanedSessionsEnded } = opened;
    send({ type: 'ready', orphanedSessionsEnded, ...(recoveredCorruptTo ? { recoveredCorruptTo } : {}) });
  } catch (error) {
    send({ type: 'open-error', ...errorFields(error) });
    port.close();
    return;
  }
  const faults = plantedFaults('writer');
  port.on('message', (request: WriterRequest) => {
    if (isMemoryProbe(request)) return;
    if (faults.length > 0 && request.type === 'write' && request.arena)
      tripFault(faults, Buffer.from(request.arena, 0, request.bytes).toString('latin1'));
    if (request.type === 'write') {
      release.note(request.bytes);
      return writer.enqueue(request);
    }
    if (request.type === 'call') return serveTable(request);
    if (request.type === 'park' && !writer.idle) return send({ type: 'busy' });
    release.dispose();
    writer.close();
    send({ type: request.type === 'park' ? 'parked' : 'closed' });
    port.close();
  });
};

const runReader = (port: MessagePort, init: Extract<WorkerInit, { role: 'reader' }>): void => {
  const send = (event: ReaderEvent, transfer: ArrayBuffer[] = []) => port.postMessage(event, transfer);
  let queries: StoreQueries;
  try {
    queries = new StoreQueries(openReader(init.path));
    send({ type: 'ready' });
  } catch (error) {
    send({ type: 'open-error', ...errorFields(error) });
    port.close();
    return;
  }
  const faults = plantedFaults('reader');
  // Scans come in bursts (a search as the user types, an assistant request's candidates) and each
  // fills SQLite's page cache further as the database grows: after each burst the cache goes back to
  // the allocator, so this worker's memory follows its last burst, not the database's size.
  const release = new IdleRelease({ afterWork: 1, quietMs: AFTER_BURST.quietMs, before: () => queries.db.pragma('shrink_memory') });
  port.on('message', (request: ReaderRequest) => {
    if (isMemoryProbe(request)) return;
    release.note(1);
    if (faults.length > 0 && request.type === 'read') tripFault(faults, JSON.stringify(request.args));
    if (request.type === 'close') {
      release.dispose();
      queries.db.close();
      send({ type: 'closed' });
      port.close();
      return;
    }
    const started = performance.now();
    try {
      if (!isReadMethod(request.method)) throw new Error(`unknown read ${String(request.method)}`);
      const method = queries[request.method] as (...args: unknown[]) => unknown;
      const value = method.apply(queries, [...request.args]);
      const elapsed = performance.now() - started;
      const slow = elapsed >= SLOW_QUERY_MS ? { slowMs: Math.round(elapsed) } : {};
      const transfer = Buffer.isBuffer(value) && value.byteLength > 0 ? [value.buffer as ArrayBuffer] : [];
      send({ type: 'result', id: request.id, value, ...slow }, transfer);
    } catch (error) {
      send({ type: 'failure', id: request.id, ...errorFields(error) });
    }
  });
};

if (!parentPort) throw new Error('store-worker must run in a worker thread');
const init = workerData as WorkerInit;
answerMemoryProbes(parentPort, `store ${init.role}`);
if (init.role === 'writer') runWriter(parentPort, init);
else runReader(parentPort, init);
