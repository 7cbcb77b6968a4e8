// SPDX-License-Identifier: MIT
import { getHeapSpaceStatistics } from 'node:v8';
import type { MessagePort, Worker } from 'node:worker_threads';

/**
 * One thread's share of the process's memory, in MB. V8 keeps a heap per isolate, so each worker
 * answers for its own: `process.memoryUsage()` in a worker reports that worker's heap, external
 * memory and ArrayBuffers (its RSS is the whole process's and is left out here).
 */
export interface ThreadMemory {
  readonly thread: string;
  /** Live JS objects. */
  readonly heapUsedMb: number;
  /** What V8 holds for this heap, live or not (the young generation included). */
  readonly heapTotalMb: number;
  /** The young generation's reservation: what a burst of short-lived strings grows. */
  readonly newSpaceMb: number;
  /** Memory outside the heap that JS objects own: ArrayBuffers, Buffers, native bindings. */
  readonly externalMb: number;
}

const PROBE = 'contextermMemoryProbe';
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/** This thread's figures. */
const ownMemory = (thread: string): ThreadMemory => {
  const usage = process.memoryUsage();
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  return {
    thread,
    heapUsedMb: mb(usage.heapUsed),
    heapTotalMb: mb(usage.heapTotal),
    newSpaceMb: mb(newSpace?.space_size ?? 0),
    externalMb: mb(usage.external),
  };
};

/** Whether a message a worker received is a probe (its own handler must then ignore it). */
export const isMemoryProbe = (message: unknown): boolean => typeof message === 'object' && message !== null && PROBE in message;

/** Called once in a worker: answers main's probes with this thread's figures. */
export const answerMemoryProbes = (port: MessagePort, thread: string): void => {
  port.on('message', (message: unknown) => {
    if (isMemoryProbe(message)) port.postMessage({ [PROBE]: (message as Record<string, number>)[PROBE], memory: ownMemory(thread) });
  });
};

const workers = new Map<Worker, string>();
let nextProbe = 1;

/** Lists a worker for `threadMemory` until it exits (its entry must call answerMemoryProbes). */
export const trackWorker = (worker: Worker, thread: string): void => {
  workers.set(worker, thread);
  worker.once('exit', () => workers.delete(worker));
};

const probe = (worker: Worker, thread: string, timeoutMs: number): Promise<ThreadMemory | undefined> =>
  new Promise((resolve) => {
    const id = nextProbe++;
    const done = (memory: ThreadMemory | undefined) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      resolve(memory);
    };
    // A worker busy with a long statement answers late; its figure is left out rather than waited for.
    const timer = setTimeout(() => done(undefined), timeoutMs);
    const onMessage = (message: unknown) => {
      if (isMemoryProbe(message) && (message as Record<string, unknown>)[PROBE] === id)
        done({ ...(message as { memory: ThreadMemory }).memory, thread });
    };
    const onExit = () => done(undefined);
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.postMessage({ [PROBE]: id });
  });

/** Every thread's figures: this one first, then each live worker that answered within `timeoutMs`. */
export const threadMemory = async (timeoutMs = 1000): Promise<ThreadMemory[]> => {
  const answers = await Promise.all([...workers].map(([worker, thread]) => probe(worker, thread, timeoutMs)));
  return [ownMemory('main'), ...answers.filter((memory): memory is ThreadMemory => memory !== undefined)];
};
