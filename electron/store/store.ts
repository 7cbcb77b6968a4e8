// SPDX-License-Identifier: MIT
import { join } from 'node:path';
import type { RecordingStatus } from '../../shared/ipc/history';
import { toCommandRow, toMs, toSessionRow, type CommandUpsert } from './client/inputs';
import type { SessionPatch, SessionRowInput } from './worker/protocol';
import { remoteTable, type RemoteTables } from './client/remote-tables';
import { ReaderClient, startWorker } from './client/worker-clients';
import { WriterClient } from './client/writer-client';
import { openReader } from './database/database';
import { OnDemandReader } from './client/on-demand-reader';
import { StoreQueries } from './queries/queries';
import { resolveStoreWorkerUrl } from './client/worker-url';
import { WriteQueue } from './client/write-queue';
import { SessionBacklog } from './client/session-backlog';
import type { OpenStoreOptions } from './client/store-options';
import { StoreReads } from './store-reads';

export const DEFAULT_STORE_FILE = 'contexterm.db';

export type { OpenStoreOptions } from './client/store-options';

export interface StoreOpenResult {
  readonly store: Store;
  /** Set when the database was corrupt: where it (with its -wal and -shm) was moved before starting afresh. */
  readonly recoveredCorruptTo?: string;
  /** Sessions left open by a crash, now ended at their last recorded chunk. */
  readonly orphanedSessionsEnded: number;
}

interface Stream {
  output: number;
}

/**
 * Opens the session store: a writer worker that owns the only write connection (created,
 * checked, migrated and recovered there, so none of it blocks this thread) and a reader worker
 * for queries, started by the first one (see OnDemandReader). Rejects with a DomainError named
 * StoreVersionError for a database from a newer version (its message is for the user as it is).
 */
export const openStore = async (options: OpenStoreOptions): Promise<StoreOpenResult> => {
  const path = join(options.dataDir, options.fileName ?? DEFAULT_STORE_FILE);
  const url = options.workerUrl ?? (await resolveStoreWorkerUrl());
  const onError = options.onError ?? ((error: Error) => console.error(`store: ${error.message}`));
  const log = options.log ?? ((message: string) => console.warn(`store: ${message}`));
  const writer = await startWorker(url, { role: 'writer', path, integrityCheck: options.integrityCheck ?? 'auto' });
  let local;
  try {
    local = new StoreQueries(openReader(path, 2048));
  } catch (error) {
    await writer.worker.terminate();
    throw error;
  }
  const reader = new OnDemandReader(async () => new ReaderClient((await startWorker(url, { role: 'reader', path })).worker, onError, log));
  // A replacement for a writer that died resumes on the live file: no sweep, no repair, no check.
  const restart = async () => (await startWorker(url, { role: 'writer', path, integrityCheck: 'never', resume: true })).worker;
  const { writerRestarts: restarts, writerIdleMs: idleMs } = options;
  const writerClient = new WriterClient(writer.worker, {
    restart,
    onError,
    ...(restarts ? { restarts } : {}),
    ...(idleMs !== undefined ? { idleMs } : {}),
  });
  const store = new Store(path, writerClient, reader, local);
  const { orphanedSessionsEnded, recoveredCorruptTo } = writer.ready;
  return { store, orphanedSessionsEnded, ...(recoveredCorruptTo ? { recoveredCorruptTo } : {}) };
};

/**
 * The main thread's handle on the store. Writes are fire-and-forget and applied in call order
 * (the session streams' offsets and backlog are kept here); reads (store-reads.ts) are async and
 * see what has been committed (await flush() first to read your own writes).
 */
export class Store extends StoreReads {
  private readonly _queue: WriteQueue;
  private readonly _streams = new Map<string, Stream>();
  private readonly _backlog = new SessionBacklog();
  /** Conversations and settings, written by the writer worker on the store's one write connection. */
  readonly tables: RemoteTables;

  /** Use openStore(). */
  constructor(
    readonly path: string,
    private readonly _writer: WriterClient,
    reader: OnDemandReader,
    local: StoreQueries,
  ) {
    super(reader, local);
    this._queue = new WriteQueue((message, transfer) => this._writer.post(message, transfer));
    const table = <N extends 'conversations' | 'settings' | 'history'>(name: N) => remoteTable(_writer, name);
    this.tables = { conversations: table('conversations'), settings: table('settings'), history: table('history') };
  }

  /** Whether the writer thread is up (it stops after WRITER_IDLE_MS of quiet; for tests and diagnostics). */
  get writerStarted(): boolean {
    return this._writer.started;
  }

  /** Recording stopped (disk full, locked, read-only, the writer failed) or resumed (worker/write-health.ts, client/writer-client.ts). */
  onStatus(listener: (status: RecordingStatus) => void): () => void {
    return this._writer.onHealth(listener);
  }

  /** Whether recording works now, answered here: a writer that died cannot answer for itself. */
  get status(): RecordingStatus {
    return this._writer.status;
  }

  /** True once close() began: writes would throw, so late writers (a pty draining at shutdown) check it. */
  get closed(): boolean {
    return this._closing !== undefined;
  }

  /** Chunk bytes handed to the store and not yet committed: a signal for flow control if the disk falls behind. */
  get backlogBytes(): number {
    return this._queue.queuedBytes + this._writer.backlogBytes;
  }

  /** How long the oldest chunk handed to the writer has waited for its commit (0 if none): what a kill -9 would lose. */
  get backlogAgeMs(): number {
    const postedAt = this._writer.oldestPostedAt;
    return postedAt === undefined ? 0 : performance.now() - postedAt;
  }

  /** Session `id`'s part of backlogBytes: who to hold back when the writer is behind. */
  backlogOf(id: string): number {
    return this._backlog.shareOf(id, this.backlogBytes);
  }

  startSession(session: SessionRowInput): void {
    this._assertWritable();
    if (this._streams.has(session.id)) throw new Error(`session ${session.id} is already open`);
    const row = toSessionRow(session);
    this._streams.set(row.id, { output: 0 });
    this._queue.push({ kind: 'session-start', session: row });
  }

  updateSession(id: string, patch: SessionPatch): void {
    this._assertWritable();
    const { title, mode, cwd, hostname } = patch;
    this._queue.push({ kind: 'session-update', id, patch: { title, mode, cwd, hostname } });
  }

  endSession(id: string, endedAt: number): void {
    this._assertWritable();
    this._streams.delete(id);
    this._queue.push({ kind: 'session-end', id, endedAt: toMs('endedAt', endedAt) });
  }

  /**
   * Records raw bytes of an open session (direction 0 input, 1 output). The store tracks the output
   * offset, so stored output is exactly the concatenation of what was appended; the writer numbers
   * rows and may merge a session's consecutive chunks into one (worker/chunk-rows.ts). The bytes are
   * copied: the caller may reuse `data` at once. Empty chunks are ignored.
   */
  appendChunk(sessionId: string, direction: 0 | 1, ts: number, data: Buffer): void {
    this._assertWritable();
    const stream = this._streams.get(sessionId);
    if (!stream) throw new Error(`session ${sessionId} is not open in this store`);
    if (data.length === 0) return;
    const meta = { sessionId, ts: toMs('ts', ts), direction, outputOffset: stream.output };
    if (direction === 1) stream.output += data.length;
    this._backlog.append(sessionId, data.length, this.backlogBytes);
    this._queue.pushChunk(meta, data);
  }

  /** Output shown but kept out (paused, excluded): the offset moves on, so later ranges stay right. */
  skipOutput(sessionId: string, bytes: number): void {
    const stream = this._streams.get(sessionId);
    if (stream) stream.output += bytes;
  }

  /** Removes what was stored of [from, to) of a session's stream, output and keystrokes (an excluded command). */
  dropRange(sessionId: string, from: number, to: number): void {
    this._assertWritable();
    if (to > from) this._queue.push({ kind: 'drop-range', sessionId, from, to });
  }

  /** Output bytes appended so far to an open session: the offset the next output chunk will start at. */
  outputBytes(sessionId: string): number | undefined {
    return this._streams.get(sessionId)?.output;
  }

  /** Inserts a command when it starts and updates it when it ends; an update without cleanOutput keeps the stored one. */
  upsertCommand(record: CommandUpsert): void {
    this._assertWritable();
    this._queue.push({ kind: 'command', command: toCommandRow(record) });
  }

  /**
   * Resolves when everything written before this call is committed. Command lines are searchable
   * once committed; clean output is indexed moments later when the writer is idle, or before this
   * resolves with `searchable: true`.
   */
  flush(options: { searchable?: boolean } = {}): Promise<void> {
    const done = this._writer.flush();
    this._queue.post(done.id, options.searchable ?? false);
    return done.promise;
  }

  /** Ends the sessions still open (at `endedAt`), commits, then optimizes, checkpoints and closes. */
  close(endedAt: number = Date.now()): Promise<void> {
    if (this._closing) return this._closing;
    if (!this._writer.failed) for (const id of [...this._streams.keys()]) this.endSession(id, endedAt);
    this._closing = (async () => {
      // A writer that fails now (or is given up on meanwhile) must not keep the store from closing.
      if (!this._writer.failed) await this.flush().catch(() => undefined);
      this._queue.dispose();
      await this._reader.close();
      this._local.db.close();
      await this._writer.close();
    })();
    return this._closing;
  }

  private _assertWritable(): void {
    if (this._closing) throw new Error('the store is closed');
  }
}
