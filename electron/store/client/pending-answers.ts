// SPDX-License-Identifier: MIT
import type { WriterEvent } from '../worker/protocol';
import { deferred, tableError, type Deferred } from './worker-clients';

type CallAnswer = Extract<WriterEvent, { type: 'call-result' | 'call-failure' }>;

/**
 * What the writer worker owes the main thread, by id: the commit of each flush and the answer of
 * each table call. The writer client (writer-client.ts) decides when a writer runs, parks or is
 * replaced; this keeps the promises its callers wait on, so none is left hanging when one dies.
 */
export class PendingAnswers {
  private _nextFlushId = 1;
  private readonly _flushes = new Map<number, Deferred<void>>();
  private _nextCallId = 1;
  private readonly _calls = new Map<number, Deferred<unknown>>();

  /** Whether any flush or call still waits for the writer (it is not parked while one does). */
  get waiting(): boolean {
    return this._calls.size > 0 || this._flushes.size > 0;
  }

  /** A flush id to post after the queued writes, and the promise its commit resolves; rejected at once with `failed`. */
  flush(failed: Error | undefined): { id: number; promise: Promise<void> } {
    const id = this._nextFlushId++;
    const done = deferred<void>();
    if (failed) done.reject(failed);
    else this._flushes.set(id, done);
    return { id, promise: done.promise };
  }

  /** A call id for a message the writer answers, and the promise its answer settles. */
  call(): { id: number; promise: Promise<unknown> } {
    const id = this.nextCallId();
    const done = deferred<unknown>();
    this._calls.set(id, done);
    return { id, promise: done.promise };
  }

  /** An id nobody waits on (a call sent again to a new writer: its answer went to the first caller). */
  nextCallId(): number {
    return this._nextCallId++;
  }

  settleFlush(id: number, error?: Error): void {
    const done = this._flushes.get(id);
    this._flushes.delete(id);
    if (error) done?.reject(error);
    else done?.resolve();
  }

  answer(event: CallAnswer): void {
    const call = this._calls.get(event.id);
    this._calls.delete(event.id);
    if (event.type === 'call-result') call?.resolve(event.value);
    else call?.reject(tableError(event.name, event.message, event.code));
  }

  rejectCalls(error: Error): void {
    for (const done of this._calls.values()) done.reject(error);
    this._calls.clear();
  }

  /** Closing: every call and flush fails instead of hanging. */
  rejectAll(error: Error): void {
    this.rejectCalls(error);
    for (const done of this._flushes.values()) done.reject(error);
    this._flushes.clear();
  }
}
