// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import type { WritableDb } from '../database/database';
import { coalesceChunks, type ApplyItem } from './chunk-rows';
import { CommandOutput } from '../output/command-output';
import { DEFAULT_CADENCE, WRITER_SQL as SQL, type CommitCadence } from './writer-config';
import { OutputIndexer } from './output-indexer';
import { Retention } from '../history/retention';
import type { RecordingStatus } from '../../../shared/ipc/history';
import type { WriterRequest } from './protocol';
import { storageFailure, WriteHealth } from './write-health';

type WriteMessage = Extract<WriterRequest, { type: 'write' }>;

export interface WriterHooks {
  /** After each commit: the chunk bytes it made durable, the flushes it completes, the messages it settled. */
  committed(bytes: number, flushIds: readonly number[], messages: number): void;
  /** A write that could not be applied (the rest of its batch still commits). */
  error(message: string): void;
  /** Recording stopped (the disk is full, the file locked or read-only) or resumed. */
  health(status: RecordingStatus): void;
  /** A slice of output was indexed in the background (work that goes on after the writes stop). */
  indexed?(): void;
}

const MAX_REPORTED_FAILURES = 3;
/** While the disk is full, session and command updates wait (row data cannot: it is dropped and counted). */
const MAX_HELD_ITEMS = 10_000;
const RETRY_MS = 1000;

/**
 * The writer worker's side of the store: queues what the main thread posts and applies it in one
 * short transaction per cadence tick. Work is never held in an open transaction across event-loop
 * turns (better-sqlite3 #319); it waits in memory and commits in one synchronous call.
 */
export class Writer {
  private readonly _statements: { readonly [K in keyof typeof SQL]: Database.Statement };
  private readonly _applyAll: Database.Transaction<(items: readonly ApplyItem[]) => void>;
  /** Next row number per session with rows written by this writer; others are looked up once. */
  private readonly _seqs = new Map<string, number>();
  private readonly _indexer: OutputIndexer;
  private readonly _output: CommandOutput;
  private _pending: WriteMessage[] = [];
  private _pendingBytes = 0;
  private _flushIds: number[] = [];
  private _searchable = false;
  private _timer: NodeJS.Timeout | undefined;
  /** Items of failed commits other than output, retried with the next commit. */
  private _held: ApplyItem[] = [];
  private readonly _health: WriteHealth;
  readonly retention: Retention;

  constructor(
    private readonly _db: WritableDb,
    private readonly _hooks: WriterHooks,
    private readonly _cadence: CommitCadence = DEFAULT_CADENCE,
  ) {
    // Prepared once and held directly: the per-chunk path does no lookups beyond the switch.
    this._statements = {
      startSession: _db.prepare(SQL.startSession),
      updateSession: _db.prepare(SQL.updateSession),
      endSession: _db.prepare(SQL.endSession),
      chunk: _db.prepare(SQL.chunk),
      nextSeq: _db.prepare(SQL.nextSeq).pluck(),
      command: _db.prepare(SQL.command),
      commandRemote: _db.prepare(SQL.commandRemote),
      commandActor: _db.prepare(SQL.commandActor),
    };
    this._output = new CommandOutput(_db);
    this._health = new WriteHealth((status) => _hooks.health(status));
    this.retention = new Retention(_db, _db.name, (error) => this._failed(error, 'pruning'));
    this._indexer = new OutputIndexer(
      _db,
      () => this._pending.length > 0,
      (error) => _hooks.error(`indexing output: ${error.message}`),
      () => _hooks.indexed?.(),
    );
    // A backlog left by a writer that died (or by the last run) is indexed now, not after the next commit.
    this._indexer.schedule();
    this._applyAll = _db.transaction((items: readonly ApplyItem[]) => {
      let incoming = 0;
      for (const item of items) if (item.kind === 'row') incoming += item.data.length;
      this.retention.makeRoom(incoming);
      for (const item of items) this._apply(item);
      this.retention.flush();
    });
  }

  enqueue(message: WriteMessage): void {
    this._pending.push(message);
    this._pendingBytes += message.bytes;
    if (message.flushId !== undefined) this._flushIds.push(message.flushId);
    if (message.searchable) this._searchable = true;
    if (message.flushId !== undefined || this._pendingBytes >= this._cadence.maxBytes) return this.commit();
    this._timer ??= setTimeout(() => this.commit(), this._cadence.intervalMs);
  }

  commit(): void {
    if (this._timer) clearTimeout(this._timer);
    this._timer = undefined;
    const batch = this._pending;
    const bytes = this._pendingBytes;
    const flushIds = this._flushIds;
    const searchable = this._searchable;
    this._pending = [];
    this._pendingBytes = 0;
    this._flushIds = [];
    this._searchable = false;
    // Nothing here may throw out of the worker's message handler: that would kill the writer.
    try {
      const held = this._held;
      this._held = [];
      const items = [...held, ...(batch.length > 0 ? coalesceChunks(batch, (sessionId) => this._nextSeq(sessionId)) : [])];
      if (items.length > 0) this._applyItems(items);
      if (searchable && !this._health.failing) this._indexer.drain();
    } catch (error) {
      this._failed(error, 'commit');
    }
    if (batch.length > 0 || flushIds.length > 0) this._hooks.committed(bytes, flushIds, batch.length);
    if (this._health.failing) this._timer ??= setTimeout(() => this.commit(), RETRY_MS);
    else {
      this._indexer.schedule();
      this.retention.schedule();
    }
  }

  get status(): RecordingStatus {
    return this._health.status;
  }

  /** Nothing queued, held for a retry, left to index or to prune: closing now loses and delays nothing. */
  get idle(): boolean {
    return (
      this._pending.length === 0 &&
      this._held.length === 0 &&
      !this._timer &&
      !this._health.failing &&
      this._indexer.idle &&
      this.retention.idle
    );
  }

  private _applyItems(items: readonly ApplyItem[]): void {
    // Dropping an excluded command's bytes zeroes them on the page (secure_delete is always on, database/database.ts).
    const dropped = items.some((item) => item.kind === 'drop-range');
    try {
      this._applyAll(items);
      this._health.succeeded();
      // The WAL still holds the pages as they were before the drop: fold it in and truncate it.
      if (dropped) this.retention.checkpoint();
    } catch (error) {
      this.retention.discard();
      const reason = storageFailure(error);
      if (!reason) return this._applyOneByOne(items);
      // Output cannot wait in memory for space to come back; what describes it (sessions, commands) can.
      let lost = 0;
      for (const item of items) {
        if (item.kind === 'row') lost += item.data.length;
        else if (this._held.length < MAX_HELD_ITEMS) this._held.push(item);
      }
      this._health.failed(reason, lost);
    }
  }

  /** A failure outside a write batch (indexing, pruning): a storage failure is a state, anything else a report. */
  private _failed(error: unknown, what: string): void {
    const reason = storageFailure(error);
    if (reason) this._health.failed(reason, 0);
    else this._hooks.error(`${what}: ${(error as Error)?.message ?? String(error)}`);
  }

  /** Indexes all clean output committed so far (tests and flush({ searchable: true })). */
  drainIndex(): void {
    this._indexer.drain();
  }

  /** Hands SQLite's page cache back to the allocator (after a burst; the cache refills as it writes). */
  shrinkMemory(): void {
    this._db.pragma('shrink_memory');
  }

  /** Commits what is queued, lets SQLite update its statistics, and leaves no WAL behind. */
  close(): void {
    try {
      this.commit();
      if (this._timer) clearTimeout(this._timer);
      this.retention.dispose();
      this._indexer.dispose();
      this._db.pragma('optimize');
      this._db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      this._db.close();
    }
  }

  /**
   * A batch failed as a whole: isolate the bad write so one mistake cannot lose 20 ms of everyone's
   * output. When everything fails (a full disk), report a few and a count rather than thousands.
   */
  private _applyOneByOne(items: readonly ApplyItem[]): void {
    const failures: string[] = [];
    for (const item of items) {
      try {
        this._db.transaction(() => this._apply(item))();
      } catch (error) {
        failures.push(`${item.kind} ${describe(item)}: ${(error as Error).message}`);
      }
    }
    for (const failure of failures.slice(0, MAX_REPORTED_FAILURES)) this._hooks.error(failure);
    if (failures.length > MAX_REPORTED_FAILURES) this._hooks.error(`… and ${failures.length - MAX_REPORTED_FAILURES} more writes failed`);
  }

  private _nextSeq(sessionId: string): number {
    const seq = this._seqs.get(sessionId) ?? (this._statements.nextSeq.get(sessionId) as number);
    this._seqs.set(sessionId, seq + 1);
    return seq;
  }

  private _apply(item: ApplyItem): void {
    const statements = this._statements;
    switch (item.kind) {
      case 'row':
        statements.chunk.run(item.sessionId, item.seq, item.ts, item.direction, item.outputOffset, item.data);
        this.retention.noteRow(item);
        return;
      case 'drop-range':
        this.retention.dropRange(item.sessionId, item.from, item.to);
        return;
      case 'session-start': {
        const s = item.session;
        statements.startSession.run(s.id, s.startedAt, s.shell, s.hostname, s.cwd, s.title, s.mode);
        return;
      }
      case 'session-update': {
        const p = item.patch;
        statements.updateSession.run(p.title ?? null, p.mode ?? null, p.cwd ?? null, p.hostname ?? null, item.id);
        return;
      }
      case 'session-end':
        statements.endSession.run(item.endedAt, item.id);
        this._seqs.delete(item.id);
        this.retention.noteSessionEnd(item.id);
        return;
      case 'command': {
        let c = item.command;
        // A command that ended without clean text (the recorder never computes it): derive it now,
        // from the output rows this very transaction wrote before the command.
        if (c.endedAt !== null && c.outputEnd !== null && c.cleanOutput === null && !this._output.has(c.id)) {
          c = { ...c, ...this._output.compute(c.sessionId, c.outputStart, c.outputEnd) };
        }
        statements.command.run(
          c.id,
          c.sessionId,
          c.seq,
          c.commandLine,
          c.cwd,
          c.hostname,
          c.shell,
          c.startedAt,
          c.endedAt,
          c.exitCode,
          c.outputStart,
          c.outputEnd,
          c.outputSummary,
          c.cleanOutput,
          c.source,
          c.interrupted ? 1 : 0,
        );
        if (c.remote) statements.commandRemote.run(c.id, c.remote.host, c.remote.user);
        if (c.ranBy) statements.commandActor.run(c.id, c.ranBy);
        this.retention.noteCommand(c);
        if (c.cleanOutput !== null) this._indexer.noteOutput();
        return;
      }
    }
  }
}

const describe = (item: ApplyItem): string => {
  switch (item.kind) {
    case 'session-start':
      return item.session.id;
    case 'session-update':
    case 'session-end':
      return item.id;
    case 'row':
      return `${item.sessionId}#${item.seq}`;
    case 'drop-range':
      return `${item.sessionId}[${item.from}, ${item.to})`;
    case 'command':
      return item.command.id;
  }
};
