// SPDX-License-Identifier: MIT
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WriterEvent } from '../worker/protocol';
import { WriterClient } from './writer-client';
import type { WriteMessage } from './writer-messages';

/** A worker that takes messages and answers only when told to: the writer's lag is the test's to set. */
class StalledWorker extends EventEmitter {
  readonly posted: unknown[] = [];
  postMessage(message: { type: string }): void {
    this.posted.push(message);
    if (message.type === 'close') queueMicrotask(() => this.emit('message', { type: 'closed' }));
  }
  terminate(): Promise<number> {
    return Promise.resolve(0);
  }
  commit(messages: number, bytes: number): void {
    this.emit('message', { type: 'committed', bytes, flushIds: [], messages } satisfies WriterEvent);
  }
}

const write = (bytes: number): WriteMessage => ({ type: 'write', ops: [], arena: null, bytes });
const clients: WriterClient[] = [];
const client = (worker: StalledWorker, next?: StalledWorker, idleMs = 60_000) => {
  const restart = () => (next ? Promise.resolve(next as unknown as Worker) : Promise.reject(new Error('no restart here')));
  const made = new WriterClient(worker as unknown as Worker, {
    restart,
    onError: () => undefined,
    idleMs,
    restarts: { delaysMs: [0], windowMs: 60_000 },
  });
  clients.push(made);
  return made;
};

afterEach(async () => {
  for (const made of clients.splice(0)) await made.close();
});

describe('how far behind the writer is, in time', () => {
  it('is the post time of the oldest write not yet committed, moving on as commits come back', () => {
    const worker = new StalledWorker();
    const writer = client(worker);
    expect(writer.oldestPostedAt).toBeUndefined();

    const before = performance.now();
    writer.post(write(100), []);
    const first = writer.oldestPostedAt!;
    expect(first).toBeGreaterThanOrEqual(before);
    expect(first).toBeLessThanOrEqual(performance.now());
    while (performance.now() === first);
    writer.post(write(200), []);
    // A second write does not make the writer look less behind.
    expect(writer.oldestPostedAt).toBe(first);

    worker.commit(1, 100);
    expect(writer.oldestPostedAt).toBeGreaterThan(first);
    expect(writer.backlogBytes).toBe(200);
    worker.commit(1, 200);
    expect(writer.oldestPostedAt).toBeUndefined();
    expect(writer.backlogBytes).toBe(0);
  });
});

describe('the backlog across a writer that dies while it parks', () => {
  it('still counts the writes held for the next writer, and reaches zero once that one commits them', async () => {
    const [first, second] = [new StalledWorker(), new StalledWorker()];
    const writer = client(first, second, 30);
    writer.post(write(100), []);
    first.commit(1, 100);
    await vi.waitFor(() => expect(first.posted).toContainEqual({ type: 'park' }), { timeout: 5_000, interval: 10 });

    writer.post(write(50), []);
    expect(writer.backlogBytes).toBe(50);
    first.emit('exit', 1);
    // Lost: nothing was in flight. Still to send: the held 50 bytes (they were counted as 0, and
    // their commit then took the count below zero for the rest of the run).
    expect(writer.backlogBytes).toBe(50);
    await vi.waitFor(() => expect(second.posted).toContainEqual(expect.objectContaining({ type: 'write', bytes: 50 })), {
      timeout: 5_000,
      interval: 10,
    });
    second.commit(1, 50);
    expect(writer.backlogBytes).toBe(0);
  });
});
