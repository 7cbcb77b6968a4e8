// SPDX-License-Identifier: MIT
import type { ReadArgs, ReadMethod, ReadResult } from '../worker/protocol';
import { DomainError } from '../../../shared/ipc/define';
import { WorkerDiedError, type ReaderClient } from './worker-clients';

/**
 * How long the reader worker stays up after its last query. Its queries come in bursts (a search
 * as the user types, the context preview's candidates), and a start costs ~100 ms; an idle worker
 * costs ~10 MB of the server's memory (tests/bench/server-footprint.ts), and a terminal app is
 * idle most of the time.
 */
const READER_IDLE_MS = 30_000;

/**
 * The reader worker, started by the first query rather than with the store, and stopped once it
 * has been idle for a while: scans and full-text search are occasional, and most sessions record
 * for a long time without a single one. A worker that died is replaced by the next query, and the
 * reads it owed are run once more on that one (reads change nothing); a read that kills a second
 * worker too fails plainly instead of taking down a third.
 */
export class OnDemandReader {
  private _client: Promise<ReaderClient> | undefined;
  private _running = 0;
  private _idleTimer: ReturnType<typeof setTimeout> | undefined;
  private _closed = false;

  constructor(
    private readonly _start: () => Promise<ReaderClient>,
    private readonly _idleMs: number = READER_IDLE_MS,
  ) {}

  /** Whether a worker is running or starting (for tests and diagnostics). */
  get started(): boolean {
    return this._client !== undefined;
  }

  async call<M extends ReadMethod>(method: M, ...args: ReadArgs<M>): Promise<ReadResult<M>> {
    if (this._closed) throw new Error('the store is closed');
    this._running++;
    clearTimeout(this._idleTimer);
    try {
      try {
        return await (await this._worker()).call(method, ...args);
      } catch (error) {
        if (!(error instanceof WorkerDiedError) || this._closed) throw error;
        try {
          return await (await this._worker()).call(method, ...args);
        } catch (again) {
          if (!(again instanceof WorkerDiedError)) throw again;
          throw new DomainError(
            'failed',
            'The history database reader failed while answering this (twice). Try again, or ask differently.',
          );
        }
      }
    } finally {
      if (--this._running === 0 && !this._closed) {
        // Unref'd: an idle reader must not be what keeps a process from exiting.
        this._idleTimer = setTimeout(() => void this._stop(), this._idleMs).unref();
      }
    }
  }

  async close(): Promise<void> {
    this._closed = true;
    clearTimeout(this._idleTimer);
    await this._stop();
  }

  private _worker(): Promise<ReaderClient> {
    const current = this._client;
    if (!current) return this._startWorker();
    return current.then((client) => {
      if (!client.failed) return client;
      // It died: the first query to notice starts a fresh one, and those waiting with it share it.
      if (this._client === current) this._client = undefined;
      return this._worker();
    });
  }

  private _startWorker(): Promise<ReaderClient> {
    const started = this._start();
    this._client = started;
    // A start that failed is not kept: the next query tries again.
    started.catch(() => {
      if (this._client === started) this._client = undefined;
    });
    return started;
  }

  private async _stop(): Promise<void> {
    const client = this._client;
    this._client = undefined;
    if (!client) return;
    try {
      await (await client).close();
    } catch {
      // It never started, or already died: nothing is left to stop.
    }
  }
}
