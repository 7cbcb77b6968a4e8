// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { Client } from '../ipc/router';
import type { Prelude } from './terminal-launcher';
import { workspaceHandlers, type WorkspaceDeps } from './workspace';

const client: Client = { id: 'w1', emit: () => undefined, onClose: () => undefined };
const split = {
  kind: 'split',
  orientation: 'horizontal',
  children: [
    { kind: 'leaf', id: 'a' },
    { kind: 'leaf', id: 'b' },
  ],
} as const;

const setup = (saved: unknown, profiles: Array<{ id: string; name: string }> = []) => {
  const spawned: Array<{ request: { cwd?: string; profileId?: string }; prelude: Prelude }> = [];
  let kept = JSON.stringify(saved);
  let closed: (id: string) => void = () => undefined;
  let reads = 0;
  let failReads = 0;
  const deps: WorkspaceDeps = {
    settings: {
      current: {
        terminal: { restore: 'always' } as WorkspaceDeps['settings']['current']['terminal'],
        profiles: { list: profiles, defaultId: null } as unknown as NonNullable<WorkspaceDeps['settings']['current']['profiles']>,
      },
    },
    kv: {
      get: async () => {
        reads++;
        if (failReads > 0) {
          failReads--;
          throw new Error('store closed');
        }
        return kept;
      },
      set: async (_key, value) => void (kept = value),
    },
    pane: (id) => (['a', 'b', 'c'].includes(id) ? { sessionId: id, cwd: '/', profileId: id === 'c' ? 'p1' : null } : undefined),
    tail: async () => Buffer.from('earlier\r\n'),
    spawn: (request, prelude) => {
      spawned.push({ request, prelude });
      return `new-${spawned.length}`;
    },
    onClosed: (listener) => void (closed = listener),
  };
  return {
    handlers: workspaceHandlers(deps),
    spawned,
    saved: () => JSON.parse(kept) as Record<string, unknown>,
    close: (id: string) => closed(id),
    reads: () => reads,
    failNextRead: () => void failReads++,
  };
};

describe('workspace restore', () => {
  it('loads a workspace saved before profiles and names were kept: panes start as a new tab would', async () => {
    const old = {
      version: 1,
      savedAt: 0,
      groups: [{ root: split, focus: 'b' }],
      panes: { a: { sessionId: 'a', cwd: '/' }, b: { sessionId: 'b', cwd: '/' } },
    };
    const { handlers, spawned } = setup(old);
    const result = await handlers['workspace:restore']({}, client);
    expect(spawned.map((s) => s.request.profileId)).toEqual([undefined, undefined]);
    expect(result.groups).toEqual([
      {
        root: {
          ...split,
          children: [
            { kind: 'leaf', id: 'new-1' },
            { kind: 'leaf', id: 'new-2' },
          ],
        },
        focus: 'new-2',
      },
    ]);
    expect(result.previous).toEqual({ 'new-1': 'a', 'new-2': 'b' });
  });

  it('restarts each pane with its profile, the plain shell for none, and says so when the profile is gone', async () => {
    const saved = {
      version: 1,
      savedAt: 0,
      groups: [
        { root: split, focus: 'a' },
        { root: { kind: 'leaf', id: 'c' }, focus: 'c' },
        { root: { kind: 'leaf', id: 'd' }, focus: 'd' },
      ],
      panes: {
        a: { sessionId: 'a', cwd: '/', profileId: null },
        b: { sessionId: 'b', cwd: '/', profileId: 'p1', profileName: 'Kept' },
        c: { sessionId: 'c', cwd: '/', profileId: 'gone', profileName: 'Old box' },
        d: { sessionId: 'd', cwd: '/' },
      },
      names: { c: 'build box' },
    };
    const { handlers, spawned } = setup(saved, [{ id: 'p1', name: 'Kept' }]);
    const result = await handlers['workspace:restore']({}, client);
    expect(spawned.map((s) => s.request.profileId)).toEqual(['', 'p1', '', undefined]);
    expect(spawned[2]!.prelude.text).toContain('profile Old box was deleted: plain shell');
    expect(spawned[1]!.prelude.text).not.toContain('deleted');
    expect(result.names).toEqual({ 'new-3': 'build box' });
    expect(result.groups.map((g) => g.root.kind)).toEqual(['split', 'leaf', 'leaf']);
  });

  it('saves names and profiles, and gives a window opening on the running terminals their layout', async () => {
    const { handlers, saved } = setup(undefined);
    await handlers['workspace:save'](
      {
        groups: [
          { root: split, focus: 'a' },
          { root: { kind: 'leaf', id: 'c' }, focus: 'c' },
          { root: { kind: 'leaf', id: 'x' }, focus: 'x' },
        ],
        names: { c: 'build box', x: 'gone' },
      },
      client,
    );
    expect(saved()).toMatchObject({ names: { c: 'build box' }, panes: { c: { profileId: 'p1' }, a: { profileId: null } } });
    const layout = await handlers['workspace:layout']({}, client);
    expect(layout.groups).toEqual([
      { root: split, focus: 'a' },
      { root: { kind: 'leaf', id: 'c' }, focus: 'c' },
    ]);
    expect(layout.names).toEqual({ c: 'build box' });
  });

  it('forgets which session a restored terminal continues once it closes', async () => {
    const old = {
      version: 1,
      savedAt: 0,
      groups: [{ root: split, focus: 'b' }],
      panes: { a: { sessionId: 'a', cwd: '/' }, b: { sessionId: 'b', cwd: '/' } },
    };
    const { handlers, close } = setup(old);
    expect((await handlers['workspace:restore']({}, client)).previous).toEqual({ 'new-1': 'a', 'new-2': 'b' });
    close('new-1');
    expect((await handlers['workspace:layout']({}, client)).previous).toEqual({ 'new-2': 'b' });
  });
});

describe('the saved workspace in memory', () => {
  it('reads the store once a run: later starts and layouts use what was read or last saved', async () => {
    const { handlers, reads } = setup({
      version: 1,
      savedAt: 0,
      groups: [{ root: { kind: 'leaf', id: 'a' }, focus: 'a' }],
      panes: { a: { sessionId: 'a', cwd: '/' } },
    });
    expect((await handlers['workspace:layout']({}, client)).groups).toHaveLength(1);
    await handlers['workspace:save']({ groups: [{ root: split, focus: 'b' }] }, client);
    expect((await handlers['workspace:layout']({}, client)).groups).toEqual([{ root: split, focus: 'b' }]);
    await handlers['workspace:restore']({}, client);
    expect(reads()).toBe(1);
  });

  it('asks the store again after a read failed', async () => {
    const { handlers, reads, failNextRead } = setup({ version: 1, savedAt: 0, groups: [], panes: {} });
    failNextRead();
    await expect(handlers['workspace:layout']({}, client)).rejects.toThrow('store closed');
    await handlers['workspace:layout']({}, client);
    expect(reads()).toBe(2);
  });
});
