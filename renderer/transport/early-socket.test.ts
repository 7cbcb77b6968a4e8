// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarlySocket, EarlySocketSlot, ToSocket } from './socket-messages';

/** A worker that notes its address and what the script posts to it. */
class FakeWorker {
  static made: FakeWorker[] = [];
  readonly posted: ToSocket[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: URL) {
    FakeWorker.made.push(this);
  }
  postMessage(message: ToSocket): void {
    this.posted.push(message);
  }
}

const slot = globalThis as EarlySocketSlot;

/** Runs the first script as the page would, with this script element and page address. */
const runScript = async (search: string, worker: string | null = './assets/socket-worker.js') => {
  vi.stubGlobal('document', { currentScript: { dataset: worker === null ? {} : { worker } }, baseURI: 'http://127.0.0.1:9/' });
  vi.stubGlobal('location', { search });
  vi.resetModules();
  await import('./early-socket');
};

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete slot.__contextermEarlySocket;
});

describe('the early socket script', () => {
  it('starts the worker at its built address, connects with the token, and holds what the worker says', async () => {
    await runScript('?token=t0k');
    expect(FakeWorker.made).toHaveLength(1);
    const [worker] = FakeWorker.made;
    expect(worker!.url.href).toBe('http://127.0.0.1:9/assets/socket-worker.js');
    expect(worker!.posted).toEqual([{ kind: 'connect', token: 't0k' }]);
    worker!.onmessage?.({ data: { kind: 'open' } });
    expect((slot.__contextermEarlySocket as EarlySocket).held).toEqual([{ kind: 'open' }]);
  });

  it('starts nothing once the transport took the slot (an async script that ran after the modules)', async () => {
    slot.__contextermEarlySocket = 'taken';
    await runScript('?token=t0k');
    expect(FakeWorker.made).toEqual([]);
    expect(slot.__contextermEarlySocket).toBe('taken');
  });

  it('starts nothing without a token (the desktop app) or without the worker address (the dev server)', async () => {
    await runScript('');
    await runScript('?token=t0k', null);
    expect(FakeWorker.made).toEqual([]);
    expect(slot.__contextermEarlySocket).toBeUndefined();
  });
});
