// SPDX-License-Identifier: MIT
import { Worker } from 'node:worker_threads';
import { WORKER_LIMITS } from '../../runtime/idle-release';
import { trackWorker } from '../../runtime/thread-memory';
import { DomainError, type IpcErrorCode } from '../../../shared/ipc/define';
import type { ReadArgs, ReaderEvent, ReadMethod, ReadResult, WorkerInit, WriterEvent, WriterReady } from '../worker/protocol';

export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
}

export const deferred = <T>(): Deferred<T> => {
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
export const tableError = (name: string, message: string, code: string | undefined): Error => {
  const error = code ? new DomainError(code as IpcErrorCode, message) : namedError(name, message);
  error.name = name;
  return error;
};

/**
 * A store worker died (an exception, a crash): expected in the sense that it is outside the user's
 * control and says so plainly, never a bug report about the caller.
 */
export class WorkerDiedError extends DomainError {
  constructor(message: string) {
    super('failed', message);
    this.name = 'StoreWorkerDiedError';
  }
}

/** Starts a store worker and waits for it to open its database (or to say why it could not). */
export const startWorker = <R extends WorkerInit>(
  url: URL,
  init: R,
): Promise<{ worker: Worker; ready: R['role'] extends 'writer' ? WriterReady : { type: 'ready' } }> =>
  new Promise((resolve, reject) => {
    // Vitest and the host may run with loaders or flags a plain worker must not inherit.
    const worker = new Worker(url, { workerData: init, execArgv: [], resourceLimits: WORKER_LIMITS });
    trackWorker(worker, `store ${init.role}`);
    const fail = (error: Error) => {
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      void worker.terminate();
      reject(error);
    };
    const onExit = (code: number) => fail(new Error(`store ${init.role} exited before opening the database (code ${code})`));
    const onMessage = (event: WriterEvent | ReaderEvent) => {
      if (event.type === 'open-error') return fail(tableError(event.name, event.message, event.code));
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

/** Posts `close` and resolves when the worker says it closed its database (one of `answers`) or exits. */
export const askToClose = (worker: Worker, answers: readonly string[]): Promise<void> =>
  new Promise<void>((resolve) => {
    worker.on('message', (event: { type: string }) => answers.includes(event.type) && resolve());
    worker.once('exit', () => resolve());
    worker.postMessage({ type: 'close' });
  });

/**
 * The reader worker's client. A reader that dies (an exception, a crash) fails the reads it owed
 * with a WorkerDiedError (OnDemandReader retries them once on a new one) and every later call fast.
 */
export class ReaderClient {
  failed: Error | undefined;
  private _closing = false;
  private _nextId = 1;
  private readonly _calls = new Map<number, { method: ReadMethod; done: Deferred<unknown> }>();

  constructor(
    readonly worker: Worker,
    private readonly _onError: (error: Error) => void,
    private readonly _log: (message: string) => void,
  ) {
    let cause: Error | undefined;
    // Without a listener an exception in the worker would be rethrown here and end the process.
    worker.on('error', (error) => (cause = error));
    worker.on('exit', (code) => {
      if (this._closing) return;
      const why = cause ? (cause.stack ?? cause.message) : `exit code ${code}`;
      this._fail(new WorkerDiedError(`the history database reader stopped unexpectedly: ${why}`));
    });
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

  /** Asks the worker to close its database, then stops it; afterwards every call fails fast instead of hanging. */
  async close(): Promise<void> {
    const alreadyFailed = this.failed !== undefined;
    this._closing = true;
    if (!alreadyFailed) await askToClose(this.worker, ['closed']);
    this.failed ??= new Error('the store is closed');
    this._rejectAll(this.failed);
    await this.worker.terminate();
  }

  private _fail(error: Error): void {
    if (this.failed) return;
    this.failed = error;
    this._onError(error);
    this._rejectAll(error);
  }

  private _rejectAll(error: Error): void {
    for (const { done } of this._calls.values()) done.reject(error);
    this._calls.clear();
  }
}
