// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarlySocket, EarlySocketSlot, FromSocket, ToSocket } from './socket-messages';
import { createWsTransport } from './ws-transport';

/** A socket worker that notes what the page posts and lets the test answer as the worker would. */
class FakeWorker {
  static made: FakeWorker[] = [];
  readonly posted: ToSocket[] = [];
  onmessage: ((event: MessageEvent<FromSocket>) => void) | null = null;
  constructor(readonly url: URL | string) {
    FakeWorker.made.push(this);
  }
  postMessage(message: ToSocket): void {
    this.posted.push(message);
  }
  say(message: FromSocket): void {
    this.onmessage?.({ data: message } as MessageEvent<FromSocket>);
  }
}

const early = (held: FromSocket[]): EarlySocket => {
  const worker = new FakeWorker('early');
  return { worker: worker as unknown as Worker, held };
};

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('location', { search: '?token=t0k', protocol: 'http:', host: '127.0.0.1:1' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as EarlySocketSlot).__contextermEarlySocket;
});

describe('createWsTransport', () => {
  it('starts its own worker and connection when the page did not (the dev server, the desktop app)', () => {
    const transport = createWsTransport();
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]!.posted).toEqual([{ kind: 'connect', token: 't0k' }]);
    expect(transport.status).toBe('connecting');
    // The first script (async) may still run: it must find the socket taken and start none.
    expect((globalThis as EarlySocketSlot).__contextermEarlySocket).toBe('taken');
  });

  it("takes over the worker the page's first script started, with what it said meanwhile, for listeners added at once", async () => {
    const started = early([{ kind: 'open' }, { kind: 'frames', frames: [{ t: 'event', channel: 'pty:opened', payload: { id: 'p1' } }] }]);
    (globalThis as EarlySocketSlot).__contextermEarlySocket = started;
    const transport = createWsTransport();
    const opened: unknown[] = [];
    transport.on('pty:opened', (payload) => opened.push(payload));
    const answer = transport.invoke('workspace:start', { cols: 100, rows: 30 });
    await Promise.resolve();
    const worker = FakeWorker.made[0]!;
    // No second worker, and no second connection: the first script's is open already.
    expect(FakeWorker.made).toHaveLength(1);
    expect(worker.posted.filter((message) => message.kind === 'connect')).toEqual([]);
    expect(transport.status).toBe('open');
    expect(opened).toEqual([{ id: 'p1' }]);
    expect(worker.posted.at(-1)).toEqual({ kind: 'pull' });
    // Later messages come through the same worker, after the held ones.
    worker.say({ kind: 'frames', frames: [{ t: 'result', id: 0, result: { ok: true, value: 'started' } }] });
    await expect(answer).resolves.toEqual({ ok: true, value: 'started' });
    expect((globalThis as EarlySocketSlot).__contextermEarlySocket).toBe('taken');
  });
});
