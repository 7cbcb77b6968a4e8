// SPDX-License-Identifier: MIT
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../../shared/ipc/define';
import { leaves } from '../../state/pane-tree';
import { createWorkspaceStore, type WorkspaceStore } from '../../state/workspace';
import { tabOf } from '../../state/workspace-model';
import { TerminalWorkspace } from './terminal-workspace';
import { FakeConnection, FakePage, FakeTransport, FakeView, okResult, ptyInfo } from './testing/fake-host';

/** A store that counts its subscribers, so a test sees the workspace leave none behind. */
const countedStore = (): { store: WorkspaceStore; subscribers: () => number } => {
  const store = createWorkspaceStore();
  const subscribe = store.subscribe;
  let count = 0;
  store.subscribe = (listener) => {
    count++;
    const unsubscribe = subscribe(listener);
    return () => {
      count--;
      unsubscribe();
    };
  };
  return { store, subscribers: () => count };
};

let transport: FakeTransport;
let page: FakePage;
let connection: FakeConnection;
let store: WorkspaceStore;
let subscribers: () => number;
let views: Map<string, FakeView>;
let workspace: TerminalWorkspace<FakeView>;
let nextId: number;

beforeEach(() => {
  transport = new FakeTransport();
  page = new FakePage();
  connection = new FakeConnection();
  ({ store, subscribers } = countedStore());
  views = new Map();
  nextId = 1;
  transport.answer('pty:spawn', (request) => okResult(ptyInfo(`p${nextId++}`, request.private ? { recording: 'private' } : {})));
  transport.answer('pty:kill', () => okResult({ killed: true }));
  transport.answer('pty:attach', ({ id }) =>
    okResult({ info: ptyInfo(id), snapshot: { data: 'screen', cols: 100, rows: 30, end: 10, marks: [] } }),
  );
  workspace = new TerminalWorkspace({
    api: transport.api,
    connection,
    page,
    store,
    createTerminal: (info) => {
      const view = new FakeView(info);
      views.set(info.id, view);
      return view;
    },
  });
});

const ids = () => store.getState().terminals.map((t) => t.id);

describe('opening and closing terminals', () => {
  it('opens a terminal in a tab of its own, with a view, and gives it the keyboard', async () => {
    await workspace.open();
    await workspace.open();
    expect(ids()).toEqual(['p1', 'p2']);
    expect(store.getState().tabs.map((t) => t.id)).toEqual(['p1', 'p2']);
    expect(store.getState().activeTerminalId).toBe('p2');
    expect(workspace.viewOf('p1')).toBe(views.get('p1'));
  });

  it('splits the focused pane into the same tab', async () => {
    await workspace.open();
    await workspace.open({ split: { target: 'p1', orientation: 'vertical' } });
    expect(store.getState().tabs).toHaveLength(1);
    expect(leaves(tabOf(store.getState(), 'p2')!.root)).toEqual(['p1', 'p2']);
  });

  it('names the pane a split divides, so main can make the new one private when that one is', async () => {
    await workspace.open();
    await workspace.open({ split: { target: 'p1', orientation: 'vertical' } });
    await workspace.open({ split: { target: 'p2', orientation: 'horizontal' } });
    await workspace.open();
    expect(transport.invoked.filter((i) => i.channel === 'pty:spawn').map((i) => (i.payload as { from?: string }).from)).toEqual([
      undefined,
      'p1',
      'p2',
      undefined,
    ]);
  });

  it('forgets the split it asked for when the spawn fails, and says why with its code', async () => {
    await workspace.open();
    transport.answer('pty:spawn', () => ({ ok: false, error: { code: 'failed', message: 'no shell' } }));
    const failure = await workspace.open({ split: { target: 'p1', orientation: 'horizontal' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ code: 'failed', message: 'no shell' });
    expect(store.getState().pendingSplit).toBeNull();
  });

  it('kills a private terminal that would be recorded, and opens none', async () => {
    transport.answer('pty:spawn', () => okResult(ptyInfo('p9', { recording: 'on' })));
    await expect(workspace.open({ private: true })).rejects.toThrow(/private tab could not be opened/);
    expect(transport.invoked.filter((i) => i.channel === 'pty:kill').map((i) => i.payload)).toEqual([{ id: 'p9' }]);
    expect(ids()).toEqual([]);
  });

  it('closes a pane: its view is disposed, its pty killed, and the tab goes with its last pane', async () => {
    await workspace.open();
    await workspace.open({ split: { target: 'p1', orientation: 'horizontal' } });
    await workspace.close('p2');
    expect(views.get('p2')!.disposed).toBe(true);
    expect(store.getState().tabs.map((t) => leaves(t.root))).toEqual([['p1']]);
    await workspace.close('p1');
    expect(store.getState().tabs).toEqual([]);
    expect(store.getState().activeTerminalId).toBeUndefined();
    expect(transport.invoked.filter((i) => i.channel === 'pty:kill').map((i) => i.payload)).toEqual([{ id: 'p2' }, { id: 'p1' }]);
  });
});

describe('events from main', () => {
  it('marks a terminal exited and says so in it', async () => {
    await workspace.open();
    transport.emit('pty:exit', { id: 'p1', exitCode: 2 });
    expect(store.getState().terminals[0]).toMatchObject({ exited: true, exitCode: 2 });
    expect(views.get('p1')!.written.at(-1)).toContain('[process exited with code 2]');
  });

  it('writes output to its terminal', async () => {
    await workspace.open();
    transport.emit('pty:data', { id: 'p1', data: 'hello', end: 5 });
    expect(views.get('p1')!.written).toEqual(['hello']);
  });

  it('attaches a terminal opened in another window, in the background, painting its screen', async () => {
    await workspace.open();
    transport.emit('pty:opened', ptyInfo('other'));
    await vi.waitFor(() => expect(ids()).toEqual(['p1', 'other']));
    expect(store.getState().activeTerminalId).toBe('p1');
    expect(views.get('other')!.snapshots.map((s) => s.data)).toEqual(['screen']);
  });

  it("never puts another window's new terminal into the pane a split here is waiting for (a private tab would hold a recorded pane)", async () => {
    await workspace.open({ private: true });
    let answer: (() => void) | undefined;
    transport.answer(
      'pty:spawn',
      (request) =>
        new Promise((resolve) => (answer = () => resolve(okResult(ptyInfo('split', request.from ? { recording: 'private' } : {}))))),
    );
    const splitting = workspace.open({ split: { target: 'p1', orientation: 'vertical' } });
    // Another window opens a recorded tab while this window's split is on its way.
    transport.emit('pty:opened', ptyInfo('other'));
    await vi.waitFor(() => expect(ids()).toContain('other'));
    answer!();
    await splitting;
    expect(store.getState().tabs.map((t) => leaves(t.root))).toEqual([['p1', 'split'], ['other']]);
  });

  it('drops a terminal closed in another window', async () => {
    await workspace.open();
    await workspace.open();
    transport.emit('pty:closed', { id: 'p1' });
    expect(ids()).toEqual(['p2']);
    expect(views.get('p1')!.disposed).toBe(true);
  });

  it('follows a recording state changed elsewhere', async () => {
    await workspace.open();
    transport.emit('pty:recording-changed', { id: 'p1', recording: 'paused' });
    expect(store.getState().terminals[0]!.recording).toBe('paused');
  });
});

describe('what is on screen', () => {
  const lastVisibility = () => transport.sentOn('pty:visibility').at(-1);

  it('tells main which terminals are shown, and nothing while the page is hidden', async () => {
    await workspace.open();
    await workspace.open({ split: { target: 'p1', orientation: 'horizontal' } });
    expect(lastVisibility()).toEqual({ visible: true, shown: ['p1', 'p2'] });
    page.setShown(false);
    expect(lastVisibility()).toEqual({ visible: false, shown: [] });
  });

  it('re-attaches a detached terminal once it is shown', async () => {
    await workspace.open();
    await workspace.open();
    transport.emit('pty:detached', { id: 'p1' });
    const attaches = () => transport.invoked.filter((i) => i.channel === 'pty:attach').length;
    expect(attaches()).toBe(0);
    store.getState().activate('p1');
    await vi.waitFor(() => expect(attaches()).toBe(1));
  });
});

describe('syncing with main', () => {
  it('attaches every live pty, the first one active, and drops terminals main no longer has', async () => {
    await workspace.open();
    transport.answer('pty:list', () => okResult([ptyInfo('a'), ptyInfo('b')]));
    transport.answer('workspace:layout', () => okResult({ groups: [], names: {} }));
    await workspace.sync();
    expect(ids()).toEqual(['a', 'b']);
    expect(views.get('p1')!.disposed).toBe(true);
  });

  it('opens a first terminal when there is none and nothing to restore', async () => {
    transport.answer('pty:list', () => okResult([]));
    transport.answer('workspace:restore', () => okResult({ groups: [], waiting: 0 }));
    await workspace.sync();
    expect(ids()).toEqual(['p1']);
  });
});

describe('dispose', () => {
  it('removes every listener and subscription it added, and disposes the views', async () => {
    const before = transport.listenerCount();
    expect(before).toBeGreaterThan(0);
    expect(page.listenerCount).toBe(1);
    expect(connection.listenerCount).toBe(1);
    expect(subscribers()).toBeGreaterThan(0);
    await workspace.open();

    workspace.dispose();
    expect(transport.listenerCount()).toBe(0);
    expect(page.listenerCount).toBe(0);
    expect(connection.listenerCount).toBe(0);
    expect(subscribers()).toBe(0);
    expect(views.get('p1')!.disposed).toBe(true);
  });

  it('ignores what arrives after it ended', async () => {
    workspace.dispose();
    await workspace.open();
    expect(views.size).toBe(0);
    expect(ids()).toEqual([]);
  });
});
