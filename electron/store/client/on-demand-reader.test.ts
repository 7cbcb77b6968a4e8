// SPDX-License-Identifier: MIT
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnDemandReader } from './on-demand-reader';
import { WorkerDiedError, type ReaderClient } from './worker-clients';

/** A stand-in for a reader worker's client: answers every call with its own number. */
const fakeClients = () => {
  const started: Array<{ failed: Error | undefined; closed: boolean }> = [];
  const start = async (): Promise<ReaderClient> => {
    const state = { failed: undefined as Error | undefined, closed: false };
    started.push(state);
    const n = started.length;
    return {
      get failed() {
        return state.failed;
      },
      call: async () => n,
      close: async () => {
        state.closed = true;
      },
    } as unknown as ReaderClient;
  };
  return { started, start };
};

describe('OnDemandReader', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts no worker until the first query, then one for all of them', async () => {
    const { started, start } = fakeClients();
    const reader = new OnDemandReader(start, 1000);
    expect(reader.started).toBe(false);
    const results = await Promise.all([reader.call('listSessions', null), reader.call('integrityCheck')]);
    expect(results).toEqual([1, 1]);
    expect(started).toHaveLength(1);
    await reader.close();
    expect(started[0]!.closed).toBe(true);
  });

  it('stops the worker once idle, and starts another for the next query', async () => {
    vi.useFakeTimers();
    const { started, start } = fakeClients();
    const reader = new OnDemandReader(start, 1000);
    await reader.call('integrityCheck');
    await vi.advanceTimersByTimeAsync(999);
    expect(started[0]!.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started[0]!.closed).toBe(true);
    expect(reader.started).toBe(false);
    expect(await reader.call('integrityCheck')).toBe(2);
    await reader.close();
  });

  it('replaces a worker that died, and retries a start that failed', async () => {
    const { started, start } = fakeClients();
    let failNext = true;
    const reader = new OnDemandReader(async () => {
      if (failNext) {
        failNext = false;
        throw new Error('no worker');
      }
      return start();
    }, 1000);
    await expect(reader.call('integrityCheck')).rejects.toThrow('no worker');
    expect(await reader.call('integrityCheck')).toBe(1);
    started[0]!.failed = new Error('store worker exited unexpectedly');
    expect(await Promise.all([reader.call('integrityCheck'), reader.call('integrityCheck')])).toEqual([2, 2]);
    await reader.close();
    await expect(reader.call('integrityCheck')).rejects.toThrow('the store is closed');
  });

  it('runs a read the worker died on once more on a new one, and fails it plainly if that one dies too', async () => {
    let deaths = 2;
    const clients: number[] = [];
    const reader = new OnDemandReader(async () => {
      const n = clients.push(clients.length + 1);
      const state = { failed: undefined as Error | undefined };
      return {
        get failed() {
          return state.failed;
        },
        call: async (method: string) => {
          if (method !== 'searchHistory' || deaths-- <= 0) return n;
          state.failed = new WorkerDiedError('the history database reader stopped unexpectedly: exit code 70');
          throw state.failed;
        },
        close: async () => undefined,
      } as unknown as ReaderClient;
    }, 1000);
    await expect(reader.call('searchHistory', { query: 'q' })).rejects.toMatchObject({
      code: 'failed',
      message: expect.stringMatching(/reader failed .*twice/),
    });
    expect(clients).toHaveLength(2);
    // The next read gets a third worker, which answers.
    expect(await reader.call('searchHistory', { query: 'q' })).toBe(3);
    deaths = 1;
    expect(await reader.call('searchHistory', { query: 'q' })).toBe(4);
    await reader.close();
  });
});
