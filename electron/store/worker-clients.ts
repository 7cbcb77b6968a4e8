// SPDX-License-Identifier: MIT
import { Worker } from 'node:worker_threads';
import { DomainError, type IpcErrorCode } from '../../shared/ipc/define';
import type { RecordingStatus } from '../../shared/ipc/history';
import type { ReadArgs, ReaderEvent, ReadMethod, ReadResult, TableName, WorkerInit, WriterEvent, WriterReady, WriterRequest } from './protocol';

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
}

const deferred = <T>(): Deferred<T> => {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const BUILT_IN_ERRORS: Record<string, ErrorConstructor> = { RangeError, TypeError };

/** Errors cross the thread boundary as name + message; built-in classes are restored so `instanceof` still works. */
const namedError = (name: string, message: string): Error => {
  const error = new (BUILT_IN_ERRORS[name] ?? Error)(message);
  error.name = name;
  return error;
};

/** A table call's failure: a domain error keeps its code (a missing conversation is still not-found). */
const tableError = (name: string, message: string, code: string | undefined): Error => {
  const error = code ? new DomainError(code as IpcErrorCode, message) : namedError(name, message);
  error.name = name;
  return error;
};

/** Starts a store worker and waits for it to open its database (or to say why it could not). */
export const startWorker = <R extends WorkerInit>(
  url: URL,
  init: R,
): Promise<{ worker: Worker; ready: R['role'] extends 'writer' ? WriterReady : { type: 'ready' } }> =>
  new Promise((resolve, reject) => {
    // Vitest and the host may run with loaders or flags a plain worker must not inherit.
    const worker = new Worker(url, { workerData: init, execArgv: [] });
    const fail = (error: Error) => {
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      void worker.terminate();
      reject(error);
    };
    const onExit = (code: number) => fail(new Error(`store ${init.role} exited before opening the database (code ${code})`));
    const onMessage = (event: WriterEvent | ReaderEvent) => {
      if (event.type === 'open-error') return fail(namedError(event.name, event.message));
      if (event.type !== 'ready') return fail(new Error(`store ${init.role}: unexpected ${event.type} before ready`));
      worker.off('error', fail);
      worker.off('exit', onExit);
      worker.off('message', onMessage);
      resolve({ worker, ready: event as never });
    };
    worker.on('message', onMessage);
    worker.once('error', fail);
    worker.once('exit', onExit);
  });

/** Watches a worker for an unexpected death, which fails everything still waiting on it. */
abstract class WorkerClient {
  failed: Error | undefined;
  private _closing = false;

  constructor(
    readonly worker: Worker,
    protected readonly _onError: (error: Error) => void,
  ) {
    worker.on('error', (error) => this._fail(error));
    worker.on('exit', (code) => {
      if (!this._closing) this._fail(new Error(`store worker exited unexpectedly (code ${code})`));
    });
  }

  /** Asks the worker to close its database, then stops it; afterwards every call fails fast instead of hanging. */
  protected async _close(request: { type: 'close' }): Promise<void> {
    const alreadyFailed = this.failed !== undefined;
    this._closing = true;
    if (!alreadyFailed) {
      const closed = new Promise<void>((resolve) => {
        this.worker.on('message', (event: { type: string }) => event.type === 'closed' && resolve());
        this.worker.once('exit', () => resolve());
      });
      this.worker.postMessage(request);
      await closed;
    }
    this.failed ??= new Error('the store is closed');
    this._rejectAll(this.failed);
    await this.worker.terminate();
  }

  protected _fail(error: Error): void {
    if (this.failed) return;
    this.failed = error;
    this._onError(error);
    this._rejectAll(error);
  }

  protected abstract _rejectAll(error: Error): void;
}

export class WriterClient extends WorkerClient {
  backlogBytes = 0;
  private _nextFlushId = 1;
  private readonly _flushes = new Map<number, Deferred<void>>();
  private _nextCallId = 1;
  private readonly _calls = new Map<number, Deferred<unknown>>();
  private readonly _health = new Set<(status: RecordingStatus) => void>();

  constructor(worker: Worker, onError: (error: Error) => void) {
    super(worker, onError);
    worker.on('message', (event: WriterEvent) => {
      if (event.type === 'committed') {
        this.backlogBytes -= event.bytes;
        for (const id of event.flushIds) {
          this._flushes.get(id)?.resolve();
          this._flushes.delete(id);
        }
      } else if (event.type === 'write-error') {
        this._onError(new Error(event.message));
      } else if (event.type === 'health') {
        for (const listener of this._health) listener(event.status);
      } else if (event.type === 'call-result' || event.type === 'call-failure') {
        const call = this._calls.get(event.id);
        this._calls.delete(event.id);
        if (event.type === 'call-result') call?.resolve(event.value);
        else call?.reject(tableError(event.name, event.message, event.code));
      }
    });
  }

  onHealth(listener: (status: RecordingStatus) => void): () => void {
    this._health.add(listener);
    return () => this._health.delete(listener);
  }

  post(message: WriterRequest, transfer: ArrayBuffer[]): void {
    if (this.failed) return;
    if (message.type === 'write') this.backlogBytes += message.bytes;
    this.worker.postMessage(message, transfer);
  }

  /** A flush id to post after the queued writes, and the promise its commit resolves. */
  flush(): { id: number; promise: Promise<void> } {
    const id = this._nextFlushId++;
    const done = deferred<void>();
    if (this.failed) done.reject(this.failed);
    else this._flushes.set(id, done);
    return { id, promise: done.promise };
  }

  /** Runs a method of one of the store's small tables in the writer (see TableCall). */
  call(table: TableName, method: string, args: readonly unknown[]): Promise<unknown> {
    const done = deferred<unknown>();
    if (this.failed) done.reject(this.failed);
    else {
      const id = this._nextCallId++;
      this._calls.set(id, done);
      this.worker.postMessage({ type: 'call', id, table, method, args } satisfies WriterRequest);
    }
    return done.promise;
  }

  close(): Promise<void> {
    return this._close({ type: 'close' });
  }

  protected _rejectAll(error: Error): void {
    for (const done of this._flushes.values()) done.reject(error);
    this._flushes.clear();
    for (const done of this._calls.values()) done.reject(error);
    this._calls.clear();
  }
}

export class ReaderClient extends WorkerClient {
  private _nextId = 1;
  private readonly _calls = new Map<number, { method: ReadMethod; done: Deferred<unknown> }>();

  constructor(
    worker: Worker,
    onError: (error: Error) => void,
    private readonly _log: (message: string) => void,
  ) {
    super(worker, onError);
    worker.on('message', (event: ReaderEvent) => {
      if (event.type !== 'result' && event.type !== 'failure') return;
      const call = this._calls.get(event.id);
      if (!call) return;
      this._calls.delete(event.id);
      if (event.type === 'failure') return call.done.reject(namedError(event.name, event.message));
      if (event.slowMs !== undefined) this._log(`slow read: ${call.method} took ${event.slowMs} ms`);
      const { value } = event;
      // A Buffer crosses the thread boundary as a plain Uint8Array over the transferred memory.
      call.done.resolve(value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value);
    });
  }

  call<M extends ReadMethod>(method: M, ...args: ReadArgs<M>): Promise<ReadResult<M>> {
    const done = deferred<unknown>();
    if (this.failed) done.reject(this.failed);
    else {
      const id = this._nextId++;
      this._calls.set(id, { method, done });
      this.worker.postMessage({ type: 'read', id, method, args });
    }
    return done.promise as Promise<ReadResult<M>>;
  }

  close(): Promise<void> {
    return this._close({ type: 'close' });
  }

  protected _rejectAll(error: Error): void {
    for (const { done } of this._calls.values()) done.reject(error);
    this._calls.clear();
  }
}
