// SPDX-License-Identifier: MIT
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNLIMITED_POLICY } from '../history/policy';
import { openStore, type Store } from '../store';
import { commandInput, makeTempDir, sessionInput, type TempDir } from '../testing/fixtures';

/**
 * The writer thread stops after a quiet spell and starts again for the next write or call: nothing
 * written meanwhile is lost or reordered, sessions go on where they were, and what was set on the
 * old writer (the retention policy) holds on the new one.
 */
const MB = 1024 * 1024;
let dir: TempDir | undefined;
let store: Store | undefined;

afterEach(async () => {
  await store?.close();
  store = undefined;
  dir?.remove();
});

const open = async (writerIdleMs: number) => {
  dir = makeTempDir();
  const errors: string[] = [];
  store = (await openStore({ dataDir: dir.path, writerIdleMs, onError: (error) => errors.push(error.message) })).store;
  return { store, errors };
};

const parked = (s: Store) => vi.waitFor(() => expect(s.writerStarted).toBe(false), { timeout: 5_000, interval: 20 });

describe('the writer parked when idle', () => {
  it('stops after the quiet time and records again on the next write, numbering rows on', async () => {
    const { store, errors } = await open(150);
    store.startSession(sessionInput('s'));
    store.appendChunk('s', 1, Date.now(), Buffer.from('before\r\n'));
    await store.flush();
    await parked(store);

    store.appendChunk('s', 1, Date.now(), Buffer.from('after\r\n'));
    store.upsertCommand(commandInput('s', 1, { outputStart: 0, outputEnd: 15, endedAt: Date.now(), exitCode: 0 }));
    await store.flush();
    expect(store.writerStarted).toBe(true);
    expect((await store.readOutput('s', 0, null)).toString()).toBe('before\r\nafter\r\n');
    expect((await store.recentCommands('s', 5)).map((c) => c.seq)).toEqual([1]);
    expect(store.status.state).toBe('ok');
    expect(errors).toEqual([]);
  });

  it('keeps the retention policy set before it parked', async () => {
    const { store } = await open(150);
    await store.tables.history.setPolicy({ ...UNLIMITED_POLICY, commandRawMaxBytes: 2 * MB });
    store.startSession(sessionInput('s'));
    await store.flush();
    await parked(store);

    const chunk = Buffer.alloc(64 * 1024, 'x');
    store.upsertCommand(commandInput('s', 1, { outputStart: 0 }));
    for (let i = 0; i < 160; i++) store.appendChunk('s', 1, Date.now(), chunk);
    store.upsertCommand(commandInput('s', 1, { outputStart: 0, outputEnd: 160 * chunk.length, endedAt: Date.now(), exitCode: 0 }));
    await store.flush();
    // 10 MB written under a 2 MB per-command cap: a new writer on the default policy would keep it all.
    expect((await store.tables.history.usage()).rawBytes).toBeLessThan(2.5 * MB);
  });

  it('answers table calls by starting again, in order with the writes around them', async () => {
    const { store } = await open(150);
    await store.tables.settings.set('k', '1');
    await parked(store);
    store.startSession(sessionInput('s'));
    store.appendChunk('s', 1, Date.now(), Buffer.from('x'.repeat(1000)));
    // The flush posts the chunk before the calls, so the new writer must apply it before answering them.
    const flushed = store.flush();
    const [value, usage] = await Promise.all([store.tables.settings.get('k'), store.tables.history.usage()]);
    await flushed;
    expect(value).toBe('1');
    expect(usage.rawBytes).toBe(1000);
  });

  it('closes while parked, ending open sessions on a writer started for it', async () => {
    const { store: s } = await open(150);
    s.startSession(sessionInput('open'));
    await s.flush();
    await parked(s);
    await s.close(5_000);
    store = undefined;
    const again = (await openStore({ dataDir: dir!.path })).store;
    store = again;
    expect((await again.getSession('open'))?.endedAt).toBe(5_000);
  });
});
