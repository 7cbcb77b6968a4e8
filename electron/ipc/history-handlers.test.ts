// SPDX-License-Identifier: MIT
import { describe, expect, it, vi } from 'vitest';
import type { HistoryQuery } from '../../shared/domain/history-query';
import type { HistorySearchHit } from '../../shared/ipc/history';
import { commandRecord } from '../../shared/testing/command-record';
import type { Recorder } from '../recorder/recorder';
import type { Store } from '../store/store';
import { historyHandlers } from './history-handlers';

const hit = (id: string): HistorySearchHit => ({
  command: commandRecord({ sessionId: id.split(':')[0]!, seq: Number(id.split(':')[1]) }),
  matched: [],
});

/** A store that records what it was asked; only what the search and a forget use. */
const fakeStore = () => {
  const calls: { request: HistoryQuery; excluded: readonly string[] }[] = [];
  const flush = vi.fn(() => Promise.resolve());
  const store = {
    flush,
    searchHistory: (request: HistoryQuery, excluded: readonly string[] = []) => {
      calls.push({ request, excluded });
      return Promise.resolve({ hits: [hit('s:1')], total: 1, totalExact: true });
    },
    tables: {
      history: {
        forget: () =>
          Promise.resolve({ commandIds: [], sessionIds: [], commands: 0, sessions: 0, rawBytes: 0, attachments: 0, screens: {} }),
      },
    },
  };
  return { store: store as unknown as Store, calls, flush };
};

const handlersFor = (store: Store) =>
  historyHandlers({ store, recorder: { forgotten: () => {} } as unknown as Recorder, forgetInMemory: () => {}, broadcast: () => {} });

describe('history:search', () => {
  it('asks the one engine in its fuzzy mode and answers its hits and total', async () => {
    const { store, calls } = fakeStore();
    const { handlers } = handlersFor(store);
    const request = { query: 'git', cwd: '/srv', failed: true, offset: 50 };
    expect(await handlers['history:search'](request, {} as never)).toEqual({ hits: [hit('s:1')], total: 1, totalExact: true });
    expect(calls.map((call) => call.request)).toEqual([{ ...request, mode: 'fuzzy' }]);
  });

  it('leaves out commands whose forget is still in its undo window, and only those', async () => {
    const { store, calls } = fakeStore();
    const { handlers } = handlersFor(store);
    await handlers['history:forget']({ commandIds: ['s:7', 's:8'], undoMs: 10_000 }, {} as never);
    await handlers['history:forget-undo']({ commandIds: ['s:8'] }, {} as never);
    await handlers['history:search']({ query: 'x' }, {} as never);
    expect(calls[0]!.excluded).toEqual(['s:7']);
  });

  it('commits what the recorder holds before an empty query (the overlay opening), not on every keystroke', async () => {
    const { store, flush } = fakeStore();
    const { handlers } = handlersFor(store);
    await handlers['history:search']({ query: 'git' }, {} as never);
    expect(flush).not.toHaveBeenCalled();
    await handlers['history:search']({ query: ' ' }, {} as never);
    expect(flush).toHaveBeenCalledTimes(1);
  });
});
