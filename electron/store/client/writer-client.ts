// SPDX-License-Identifier: MIT
import type { Worker } from 'node:worker_threads';
import { DomainError } from '../../../shared/ipc/define';
import type { RecordingStatus } from '../../../shared/ipc/history';
import { RestartPolicy } from '../../runtime/restart-policy';
import type { TableName, WriteOp, WriterEvent, WriterRequest } from '../worker/protocol';
import { trimNativeHeap } from '../../runtime/native-memory';
import { QuietTimer } from './quiet-timer';
import { PendingAnswers } from './pending-answers';
import { askToClose, WorkerDiedError } from './worker-clients';
import {
  describe,
  STICKY_CALLS,
  WRITER_IDLE_MS,
  type CallMessage,
  type Held,
  type InFlight,
  type WriteMessage,
  type WriterClientOptions,
} from './writer-messages';
import { Losses, RECORDING, resumedStatus, restartingStatus, stoppedStatus, WRITER_UNAVAILABLE } from './writer-status';

/**
 * The main thread's handle on the writer worker.
 *
 * After WRITER_IDLE_MS without writes or calls the writer is parked: asked to stop if it has
 * nothing left to do (indexing, pruning, a retry), its database closed with the WAL checkpointed,
 * its thread ended. The next write or call starts a new one, and what is made meanwhile waits for
 * it here, as it does for a replacement.
 *
 * A writer that dies (an exception, a crash) costs what it had not committed, never a terminal:
 * its uncommitted output bytes are counted as lost (a chunk applied twice would duplicate output),
 * everything else it held is sent to a replacement (sessions, commands: written idempotently), and
 * writes made meanwhile wait for it, so the pty waits too (backlogBytes) rather than the queue
 * growing. Restarts follow RestartPolicy; once it gives up, recording stays stopped until the app
 * restarts, and the user is told what was lost.
 */
export class WriterClient {
  backlogBytes = 0;
  /** Set once the writer is given up on or closed: calls fail fast from then on. */
  failed: Error | undefined;
  private _worker: Worker | undefined;
  private _phase: 'running' | 'parking' | 'parked' | 'restarting' | 'stopped' | 'closed' = 'running';
  private _inflight: InFlight[] = [];
  private readonly _held: Held[] = [];
  private readonly _sticky = new Map<string, CallMessage>();
  private readonly _quiet: QuietTimer;
  private readonly _answers = new PendingAnswers();
  private readonly _health = new Set<(status: RecordingStatus) => void>();
  private _status: RecordingStatus = RECORDING();
  private readonly _losses = new Losses();
  private readonly _restarts: RestartPolicy;
  private _restartTimer: NodeJS.Timeout | undefined;
  private _lastError: Error | undefined;

  constructor(
    worker: Worker,
    private readonly _options: WriterClientOptions,
  ) {
    this._restarts = new RestartPolicy(_options.restarts);
    this._quiet = new QuietTimer(_options.idleMs ?? WRITER_IDLE_MS, () => this._park());
    this._attach(worker);
    this._quiet.touch();
  }

  /** Whether a writer thread is up or starting (false while parked; for tests and diagnostics). */
  get started(): boolean {
    return this._phase === 'running' || this._phase === 'parking' || this._phase === 'restarting';
  }

  /** Whether recording works, as last reported (by the writer, or by this client about the writer). */
  get status(): RecordingStatus {
    return this._status;
  }

  onHealth(listener: (status: RecordingStatus) => void): () => void {
    this._health.add(listener);
    return () => this._health.delete(listener);
  }

  post(message: WriteMessage, transfer: ArrayBuffer[]): void {
    if (this._phase === 'closed') return;
    if (this._phase === 'stopped') return this._lose(describe(message, false, 0), message.ops);
    this.backlogBytes += message.bytes;
    this._quiet.touch();
    const postedAt = performance.now();
    if (this._phase === 'running') this._send(message, transfer, false, postedAt);
    else this._hold({ message, transfer, postedAt });
  }

  /**
   * When the oldest write not yet committed was posted (performance.now()), or undefined if none
   * waits. In-flight writes are older than held ones: held writes wait for a writer to start, and
   * what the last one had in flight was either committed, lost or put back in front of them.
   */
  get oldestPostedAt(): number | undefined {
    if (this._inflight.length > 0) return this._inflight[0]!.postedAt;
    for (const entry of this._held) if ('transfer' in entry) return entry.postedAt;
    return undefined;
  }

  /** A flush id to post after the queued writes, and the promise its commit resolves. */
  flush(): { id: number; promise: Promise<void> } {
    return this._answers.flush(this.failed);
  }

  /** Runs a method of one of the store's small tables in the writer (see TableCall); a starting writer is waited for. */
  call(table: TableName, method: string, args: readonly unknown[]): Promise<unknown> {
    if (this.failed || this._phase === 'closed') return Promise.reject(this.failed ?? new DomainError('failed', WRITER_UNAVAILABLE));
    const { id, promise } = this._answers.call();
    const message: CallMessage = { type: 'call', id, table, method, args };
    if (STICKY_CALLS.has(`${table}.${method}`)) this._sticky.set(`${table}.${method}`, message);
    this._quiet.touch();
    if (this._phase === 'running') this._worker!.postMessage(message);
    else this._hold({ message });
    return promise;
  }

  /** Asks the writer to close its database, then stops it; afterwards every call fails fast instead of hanging. */
  async close(): Promise<void> {
    const { _phase: phase, _worker: worker } = this;
    this._phase = 'closed';
    clearTimeout(this._restartTimer);
    this._quiet.dispose();
    // A writer asked to park first closes its database for that, and says so instead.
    if ((phase === 'running' || phase === 'parking') && worker) await askToClose(worker, ['closed', 'parked']);
    this.failed ??= new Error('the store is closed');
    this._answers.rejectAll(this.failed);
    await worker?.terminate();
  }

  private _attach(worker: Worker): void {
    this._worker = worker;
    this._lastError = undefined;
    worker.on('message', (event: WriterEvent) => this._event(event));
    // Without a listener an exception in the worker would be rethrown here and end the process.
    worker.on('error', (error) => (this._lastError = error));
    worker.on('exit', (code) => this._died(worker, code));
  }

  private _event(event: WriterEvent): void {
    if (event.type === 'committed') {
      this.backlogBytes -= event.bytes;
      this._inflight.splice(0, event.messages);
      for (const id of event.flushIds) this._answers.settleFlush(id);
    } else if (event.type === 'parked' || event.type === 'busy') {
      this._parkAnswered(event.type === 'parked');
    } else if (event.type === 'write-error') {
      this._options.onError(new Error(event.message));
    } else if (event.type === 'health') {
      this._report(event.status);
    } else if (event.type === 'call-result' || event.type === 'call-failure') {
      this._answers.answer(event);
    }
  }

  private _send(message: WriteMessage, transfer: ArrayBuffer[], replayed: boolean, postedAt: number): void {
    this._inflight.push(describe(message, replayed, postedAt));
    this._worker!.postMessage(message, transfer);
  }

  private _hold(entry: Held): void {
    this._held.push(entry);
    if (this._phase === 'parked') this._wake();
  }

  /** Quiet for WRITER_IDLE_MS: asks the writer to stop if nothing is in flight here or pending there. */
  private _park(): void {
    if (this._phase !== 'running' || !this._worker) return;
    if (this._inflight.length > 0 || this._answers.waiting) return this._quiet.touch();
    this._phase = 'parking';
    this._worker.postMessage({ type: 'park' } satisfies WriterRequest);
  }

  private _parkAnswered(parked: boolean): void {
    if (this._phase !== 'parking') return;
    if (!parked) {
      // Still indexing or pruning: it stays, and is asked again after another quiet spell.
      this._phase = 'running';
      this._quiet.touch();
      return this._sendHeld();
    }
    const worker = this._worker;
    this._worker = undefined;
    this._phase = 'parked';
    void worker?.terminate().then(() => trimNativeHeap());
    if (this._held.length > 0) this._wake();
  }

  private _wake(): void {
    this._phase = 'restarting';
    void this._restart([], true);
  }

  private _died(worker: Worker, code: number): void {
    if (worker !== this._worker || (this._phase !== 'running' && this._phase !== 'parking')) return;
    this._worker = undefined;
    const why = this._lastError ? (this._lastError.stack ?? this._lastError.message) : `exit code ${code}`;
    this._options.onError(new WorkerDiedError(`the history database writer stopped unexpectedly: ${why}`));
    this._answers.rejectCalls(
      new DomainError('failed', 'The history database writer stopped before it finished this; it may not have been saved.'),
    );
    // What it had in flight is lost; writes held while it was parking are still to be sent.
    this.backlogBytes = this._held.reduce((bytes, entry) => bytes + ('transfer' in entry ? entry.message.bytes : 0), 0);
    const replay: InFlight[] = [];
    for (const entry of this._inflight.splice(0)) {
      this._losses.bytes += entry.bytes;
      if (entry.replayed) this._lose({ ...entry, bytes: 0 }, entry.replay);
      else replay.push({ ...entry, bytes: 0 });
    }
    this._retry(replay);
  }

  /** After a failure: restart after the policy's wait, or give up. */
  private _retry(replay: InFlight[]): void {
    const delay = this._restarts.failed();
    if (delay === undefined) return this._stop(replay);
    this._phase = 'restarting';
    if (this._status.reason !== 'writer') this._report(restartingStatus());
    this._restartTimer = setTimeout(() => void this._restart(replay), delay);
  }

  private async _restart(replay: InFlight[], waking = false): Promise<void> {
    let worker: Worker;
    try {
      worker = await this._options.restart();
    } catch (error) {
      if (this._phase !== 'restarting') return;
      this._options.onError(new Error(`the history database writer could not be restarted: ${(error as Error)?.message ?? String(error)}`));
      return this._retry(replay);
    }
    if (this._phase !== 'restarting') return void worker.terminate();
    this._attach(worker);
    this._phase = 'running';
    // The retention policy and the like: the new writer starts from defaults. Their answers went to the first callers.
    for (const message of this._sticky.values()) worker.postMessage({ ...message, id: this._answers.nextCallId() });
    for (const entry of replay) {
      const flush = entry.flushId === undefined ? {} : { flushId: entry.flushId };
      if (entry.replay.length > 0 || entry.flushId !== undefined)
        this._send({ type: 'write', ops: entry.replay, arena: null, bytes: 0, ...flush }, [], true, entry.postedAt);
    }
    this._sendHeld();
    this._quiet.touch();
    if (!waking || this._status.reason === 'writer') this._report(resumedStatus(this._losses.take()));
  }

  private _sendHeld(): void {
    for (const entry of this._held.splice(0)) {
      if ('transfer' in entry) this._send(entry.message, entry.transfer, false, entry.postedAt);
      else this._worker!.postMessage(entry.message);
    }
  }

  private _stop(replay: readonly InFlight[]): void {
    this._phase = 'stopped';
    this._worker = undefined;
    this.failed = new DomainError('failed', WRITER_UNAVAILABLE);
    for (const entry of replay) this._lose(entry, entry.replay);
    for (const { message } of this._held.splice(0)) {
      if (message.type === 'write') this._lose(describe(message, false, 0), message.ops);
    }
    this._answers.rejectCalls(this.failed);
    this.backlogBytes = 0;
    this._report(stoppedStatus(this._losses));
  }

  /** A write that will never be applied: counted for the notice, and its flush failed. */
  private _lose(entry: InFlight, ops: readonly WriteOp[]): void {
    this._losses.add(entry.bytes, ops);
    if (entry.flushId !== undefined) this._answers.settleFlush(entry.flushId, this.failed ?? new DomainError('failed', WRITER_UNAVAILABLE));
    // While stopped, what `history:status` answers keeps counting; a broadcast per write would flood.
    if (this._phase === 'stopped') this._status = stoppedStatus(this._losses, this._status.since);
  }

  private _report(status: RecordingStatus): void {
    this._status = status;
    for (const listener of this._health) listener(status);
  }
}
