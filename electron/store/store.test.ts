// SPDX-License-Identifier: MIT
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandInput, makeTempDir, pseudoRandomBytes, sessionInput, type TempDir } from './testing/fixtures';
import { openStore, type Store } from './store';

let dir: TempDir;
let store: Store | undefined;

beforeEach(() => {
  dir = makeTempDir();
});

afterEach(async () => {
  await store?.close();
  store = undefined;
  dir.remove();
});

const open = async () => {
  const result = await openStore({ dataDir: dir.path, onError: (error) => expect.fail(error.message) });
  store = result.store;
  return result;
};

describe('Store', () => {
  it('records sessions and lists recently ended ones', async () => {
    const { store } = await open();
    store.startSession(sessionInput('a', { startedAt: 1000 }));
    store.startSession(sessionInput('b', { startedAt: 2000, mode: 'heuristic' }));
    store.startSession(sessionInput('c', { startedAt: 3000 }));
    store.updateSession('b', { title: 'vim', cwd: '/tmp' });
    store.endSession('a', 5000);
    store.endSession('b', 9000);
    await store.flush();

    expect(await store.getSession('b')).toEqual({
      id: 'b',
      shell: 'bash',
      hostname: 'devbox',
      cwd: '/tmp',
      title: 'vim',
      mode: 'heuristic',
      startedAt: 2000,
      endedAt: 9000,
    });
    expect(await store.getSession('nope')).toBeUndefined();
    expect((await store.listSessions()).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    const recent = await store.listSessions({ endedWithinMs: 2000, now: 10_000 });
    expect(recent.map((s) => [s.id, s.endedAt])).toEqual([
      ['b', 9000],
      ['c', null],
    ]);
  });

  it('stores exactly the appended output bytes and reads any range back', async () => {
    const { store } = await open();
    store.startSession(sessionInput('s'));
    const sizes = [1, 4096, 0, 17, 300_000, 2, 4096, 70_000];
    const parts = sizes.map((size, i) => pseudoRandomBytes(size, i + 1));
    let typed = 0;
    parts.forEach((part, i) => {
      store.appendChunk('s', 1, 1000 + i, part);
      // Input between outputs must not shift output offsets.
      store.appendChunk('s', 0, 1000 + i, Buffer.from(`key${i}`));
      typed += 4;
    });
    const all = Buffer.concat(parts);
    expect(store.outputBytes('s')).toBe(all.length);
    await store.flush();

    expect((await store.readOutput('s', 0, null)).equals(all)).toBe(true);
    for (const [start, end] of [
      [0, 1],
      [1, 4097],
      [4000, 4200],
      [4113, 304_113],
      [300_000, 300_001],
      [all.length - 5, all.length],
    ]) {
      const got = await store.readOutput('s', start!, end!);
      expect(got.equals(all.subarray(start, end)), `range ${start}-${end}`).toBe(true);
    }
    expect((await store.readOutput('s', all.length, null)).length).toBe(0);
    expect((await store.readOutput('s', 10, 10)).length).toBe(0);
    expect((await store.readOutput('missing', 0, null)).length).toBe(0);
    expect(typed).toBe(32);
  });

  it('refuses chunks for a session it did not start, and ignores nothing else silently', async () => {
    const { store } = await open();
    expect(() => store.appendChunk('ghost', 1, 1, Buffer.from('x'))).toThrow(/not open/);
    store.startSession(sessionInput('s'));
    expect(() => store.startSession(sessionInput('s'))).toThrow(/already open/);
    store.endSession('s', 2);
    expect(() => store.appendChunk('s', 1, 3, Buffer.from('late'))).toThrow(/not open/);
    expect(() => store.upsertCommand({ ...commandInput('s', 1), id: 's:2' })).toThrow(/is not s:1/);
    expect(() => store.appendChunk('x', 1, Number.NaN, Buffer.from('x'))).toThrow();
  });

  it('keeps a command typed by the assistant tagged as such, through its end, and only that one', async () => {
    const { store } = await open();
    store.startSession(sessionInput('s'));
    store.upsertCommand(commandInput('s', 1, { commandLine: 'ls', startedAt: 5000, ranBy: 'assistant' }));
    store.upsertCommand(commandInput('s', 2, { commandLine: 'pwd', startedAt: 5100 }));
    await store.flush();
    // The end is written without the tag (the recorder's end record is a new object): it stays.
    store.upsertCommand(commandInput('s', 1, { commandLine: 'ls', startedAt: 5000, endedAt: 6000, exitCode: 0, outputEnd: 0 }));
    await store.flush();
    const [ls, pwd] = await store.commandsByIds(['s:1', 's:2']);
    expect(ls?.ranBy).toBe('assistant');
    expect(pwd && 'ranBy' in pwd).toBe(false);
    // recentCommands: oldest first within the newest N.
    expect((await store.recentCommands('s', 5)).map((c) => c.ranBy ?? 'user')).toEqual(['assistant', 'user']);
  });

  it('inserts a command on start and completes it on end', async () => {
    const { store } = await open();
    store.startSession(sessionInput('s'));
    store.upsertCommand(commandInput('s', 1, { commandLine: 'make', startedAt: 5000 }));
    await store.flush();
    expect((await store.recentCommands('s', 5))[0]).toMatchObject({ commandLine: 'make', endedAt: null, exitCode: null });

    store.upsertCommand(
      commandInput('s', 1, {
        commandLine: 'make',
        startedAt: 5000,
        endedAt: 6000,
        exitCode: 2,
        outputStart: 0,
        outputEnd: 42,
        outputSummary: 'error',
        cleanOutput: 'full error text',
      }),
    );
    store.upsertCommand(
      commandInput('s', 1, { commandLine: 'make', startedAt: 5000, endedAt: 6000, exitCode: 2, outputEnd: 42, outputSummary: 'error' }),
    );
    await store.flush();
    const [done] = await store.commandsByIds(['s:1']);
    expect(done).toEqual({
      id: 's:1',
      sessionId: 's',
      seq: 1,
      commandLine: 'make',
      cwd: '/home/dev/project',
      hostname: 'devbox',
      shell: 'bash',
      startedAt: 5000,
      endedAt: 6000,
      exitCode: 2,
      outputStart: 0,
      outputEnd: 42,
      outputSummary: 'error',
      source: 'integrated',
      interrupted: false,
    });
    expect(await store.readCleanOutput('s:1')).toBe('full error text');
    expect(await store.readCleanOutput('s:9')).toBeUndefined();
  });

  it('answers history queries newest last, by ids in the asked order, and by time window', async () => {
    const { store } = await open();
    store.startSession(sessionInput('a'));
    store.startSession(sessionInput('b'));
    for (let seq = 1; seq <= 30; seq++) {
      store.upsertCommand(commandInput(seq % 2 ? 'a' : 'b', seq, { startedAt: seq * 1000 }));
    }
    await store.flush();
    expect((await store.recentCommands('a', 3)).map((c) => c.seq)).toEqual([25, 27, 29]);
    expect((await store.commandsByIds(['b:4', 'nope', 'a:1'])).map((c) => c.id)).toEqual(['b:4', 'a:1']);
    expect((await store.commandsInWindow({ sinceMs: 26_000, limit: 10 })).map((c) => c.seq)).toEqual([26, 27, 28, 29, 30]);
    expect((await store.commandsInWindow({ sinceMs: 0, limit: 2 })).map((c) => c.seq)).toEqual([29, 30]);
    await expect(store.recentCommands('a', -1)).rejects.toThrow(RangeError);
  });

  it('ends open sessions on close and leaves no WAL behind', async () => {
    const { store: first } = await open();
    first.startSession(sessionInput('s', { startedAt: 100 }));
    first.appendChunk('s', 1, 150, Buffer.from('hello'));
    await first.close(777);
    store = undefined;
    expect(existsSync(first.path)).toBe(true);
    expect(existsSync(`${first.path}-wal`)).toBe(false);
    await expect(first.listSessions()).rejects.toThrow(/closed/);
    expect(() => first.startSession(sessionInput('t'))).toThrow(/closed/);

    const reopened = await open();
    expect(reopened.orphanedSessionsEnded).toBe(0);
    expect(reopened.recoveredCorruptTo).toBeUndefined();
    expect(await reopened.store.getSession('s')).toMatchObject({ endedAt: 777 });
    expect((await reopened.store.readOutput('s', 0, null)).toString()).toBe('hello');
  });
});
