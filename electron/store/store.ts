// SPDX-License-Identifier: MIT
import { join } from 'node:path';
import type { CommandRecord } from '../../shared/domain/command';
import type { HistoryQuery } from '../../shared/domain/history-query';
import type { RecordingStatus } from '../../shared/ipc/history';
import type { HistoryAnswer } from './history-engine/engine';
import type { SessionInfo } from '../../shared/ipc/session';
import { toCommandRow, toMs, toSessionRow, type CommandUpsert } from './client/inputs';
import type { SessionPatch, SessionRowInput } from './worker/protocol';
import { remoteTable, type RemoteTables } from './client/remote-tables';
import { ReaderClient, startWorker } from './client/worker-clients';
import { WriterClient } from './client/writer-client';
import { openReader } from './database/database';
import { OnDemandReader } from './client/on-demand-reader';
import { StoreQueries } from './queries/queries';
import type { CommandRuns } from './queries/command-runs';
import type { QuickFixHistory } from './queries/quick-fix-history';
import type { SuggestedLine } from './queries/suggest-lines';
import { resolveStoreWorkerUrl } from './client/worker-url';
import { WriteQueue } from './client/write-queue';
import { SessionBacklog } from './client/session-backlog';
import type { OpenStoreOptions } from './client/store-options';

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
  const writerClient = new WriterClient(writer.worker, { restart, onError, ...(restarts ? { restarts } : {}), ...(idleMs !== undefined ? { idleMs } : {}) });
  const store = new Store(path, writerClient, reader, local);
  const { orphanedSessionsEnded, recoveredCorruptTo } = writer.ready;
  return { store, orphanedSessionsEnded, ...(recoveredCorruptTo ? { recoveredCorruptTo } : {}) };
};

/**
 * The main thread's handle on the store. Writes are fire-and-forget and applied in call order;
 * reads are async and see what has been committed (await flush() first to read your own writes).
 *
 * Point reads (a session's last commands, commands by id, one session) run on a read-only
 * connection right here: they are single index seeks returning a bounded number of rows, ~0.1–0.5 ms,
 * and a WAL reader never waits for the writer; a hop to the reader worker cost more than the query
 * (0.9 ms p50 at 1M commands). Scans and full-text search stay in the reader worker.
 */
export class Store {
  private readonly _queue: WriteQueue;
  private readonly _streams = new Map<string, Stream>();
  private readonly _backlog = new SessionBacklog();
  private _closing: Promise<void> | undefined;
  /** Conversations and settings, written by the writer worker on the store's one write connection. */
  readonly tables: RemoteTables;

  /** Use openStore(). */
  constructor(
    readonly path: string,
    private readonly _writer: WriterClient,
    private readonly _reader: OnDemandReader,
    private readonly _local: StoreQueries,
  ) {
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

  listSessions(options: { endedWithinMs?: number; now?: number } = {}): Promise<SessionInfo[]> {
    const since = options.endedWithinMs === undefined ? null : (options.now ?? Date.now()) - options.endedWithinMs;
    return this._reader.call('listSessions', since);
  }

  getSession(id: string): Promise<SessionInfo | undefined> {
    return this._point(() => this._local.getSession(id));
  }

  /** The session's last `limit` commands, newest last. */
  recentCommands(sessionId: string, limit: number): Promise<CommandRecord[]> {
    return this._point(() => this._local.recentCommands(sessionId, limit));
  }

  /** In the order asked; unknown ids are skipped. */
  commandsByIds(ids: readonly string[]): Promise<CommandRecord[]> {
    return this._point(() => this._local.commandsByIds(ids));
  }

  /** The newest `limit` commands started at or after `sinceMs` (epoch ms) in any session, newest last. */
  commandsInWindow(options: { sinceMs: number; limit: number }): Promise<CommandRecord[]> {
    return this._reader.call('commandsInWindow', options.sinceMs, options.limit);
  }

  /** Runs of a command's exact line in its directory (or anywhere), newest first, for comparing runs. */
  commandRuns(commandId: string, anywhere: boolean, limit?: number): Promise<CommandRuns | undefined> {
    return this._reader.call('commandRuns', commandId, anywhere, limit);
  }

  /** Recorded lines starting with what is typed at a prompt, best first (queries/suggest-lines.ts), in the reader worker. */
  suggestLines(prefix: string, cwd: string | null, limit: number): Promise<SuggestedLine[]> {
    return this._reader.call('suggestLines', prefix, cwd, limit);
  }

  /** The one history engine (history-engine/engine.ts), in the reader worker: Ctrl+R, the Commands panel, the CLI, MCP. */
  searchHistory(query: HistoryQuery, excludedIds: readonly string[] = []): Promise<HistoryAnswer> {
    return this._reader.call('searchHistory', query, excludedIds);
  }

  /** A failed command and the earlier commands its quick fixes come from: a ranged scan capped at `limit`, in the reader. */
  quickFixHistory(commandId: string, limit?: number): Promise<QuickFixHistory | undefined> {
    return this._reader.call('quickFixHistory', commandId, limit);
  }

  /** Raw output bytes [start, end) of a session's output stream; end null reads to the end committed so far. */
  readOutput(sessionId: string, start: number, end: number | null): Promise<Buffer> {
    return this._reader.call('readOutput', sessionId, start, end);
  }

  /** The last `maxBytes` of a session's stored output (a restored tab's scrollback). */
  async outputTail(sessionId: string, maxBytes: number): Promise<Buffer> {
    const end = await this._point(() => this._local.outputEnd(sessionId));
    return this.readOutput(sessionId, Math.max(0, end - maxBytes), end);
  }

  readCleanOutput(commandId: string): Promise<string | undefined> {
    return this._reader.call('readCleanOutput', commandId);
  }

  /** `PRAGMA integrity_check` on the reader connection ('ok' when sound): reads every page. */
  integrityCheck(): Promise<string> {
    return this._reader.call('integrityCheck');
  }

  /** A main-thread point read with the reader worker's contract: async, rejecting instead of throwing. */
  private _point<T>(read: () => T): Promise<T> {
    if (this._closing) return Promise.reject(new Error('the store is closed'));
    try {
      return Promise.resolve(read());
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private _assertWritable(): void {
    if (this._closing) throw new Error('the store is closed');
  }
}
