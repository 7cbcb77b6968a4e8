// SPDX-License-Identifier: MIT
import { beforeEach, describe, expect, it } from 'vitest';
import { createWorkspaceStore, type WorkspaceStore } from '../../state/workspace';
import { startEarly } from './early-start';
import { TerminalWorkspace } from './terminal-workspace';
import { FakeConnection, FakePage, FakeTransport, FakeView, okResult, ptyInfo } from './testing/fake-host';
import { useRestoreOffer } from './workspace-restore';

let transport: FakeTransport;
let store: WorkspaceStore;
let views: Map<string, FakeView>;

beforeEach(() => {
  transport = new FakeTransport();
  store = createWorkspaceStore();
  views = new Map();
  useRestoreOffer.setState({ waiting: 0 });
  transport.answer('pty:attach', ({ id }) =>
    okResult({ info: ptyInfo(id), snapshot: { data: 'screen', cols: 100, rows: 30, end: 6, marks: [] } }),
  );
});

const workspaceWith = (early: ReturnType<typeof startEarly>) =>
  new TerminalWorkspace({
    api: transport.api,
    connection: new FakeConnection(),
    page: new FakePage(),
    store,
    early,
    createTerminal: (info) => {
      const view = new FakeView(info);
      views.set(info.id, view);
      return view;
    },
  });

const asked = () => transport.invoked.map((i) => i.channel);

describe('the early start', () => {
  it('shows the new terminal with the output that came before the workspace listened, once, in one round trip', async () => {
    transport.answer('workspace:start', () => okResult({ ptys: [], restore: { groups: [], waiting: 0 }, spawned: ptyInfo('p1') }));
    const early = startEarly(transport.api, { cols: 100, rows: 30 });
    transport.emit('pty:data', { id: 'p1', data: 'hello ', end: 6 });
    const workspace = workspaceWith(early);
    // Nothing is held twice: the early listeners are gone, the workspace's own take over.
    expect(transport.listenerCount('pty:data')).toBe(1);
    transport.emit('pty:data', { id: 'p1', data: '$ ', end: 8 });
    await workspace.sync();
    expect(asked()).toEqual(['workspace:start', 'commands:list', 'session:get']);
    expect(transport.invoked[0]!.payload).toEqual({ cols: 100, rows: 30 });
    expect(views.get('p1')!.written.join('')).toBe('hello $ ');
    expect(store.getState().activeTerminalId).toBe('p1');
  });

  it('attaches the terminals already running, without asking for the list again', async () => {
    transport.answer('workspace:start', () => okResult({ ptys: [ptyInfo('a'), ptyInfo('b')] }));
    transport.answer('workspace:layout', () => okResult({ groups: [], names: {} }));
    const workspace = workspaceWith(startEarly(transport.api, { cols: 100, rows: 30 }));
    await workspace.sync();
    expect(store.getState().terminals.map((t) => t.id)).toEqual(['a', 'b']);
    expect(asked()).not.toContain('pty:list');
    expect(asked().filter((c) => c === 'pty:attach')).toHaveLength(2);
  });

  it('offers the saved tabs (restore = ask) and shows the terminal opened meanwhile', async () => {
    transport.answer('workspace:start', () => okResult({ ptys: [], restore: { groups: [], waiting: 3 }, spawned: ptyInfo('p1') }));
    const workspace = workspaceWith(startEarly(transport.api, { cols: 100, rows: 30 }));
    await workspace.sync();
    expect(useRestoreOffer.getState().waiting).toBe(3);
    expect(store.getState().terminals.map((t) => t.id)).toEqual(['p1']);
    expect(asked()).not.toContain('pty:spawn');
  });

  it('is used once: a failed start falls back to asking each part', async () => {
    transport.answer('workspace:start', () => ({ ok: false, error: { code: 'failed', message: 'no' } }));
    transport.answer('pty:list', () => okResult([]));
    transport.answer('workspace:restore', () => okResult({ groups: [], waiting: 0 }));
    transport.answer('pty:spawn', () => okResult(ptyInfo('p2')));
    const workspace = workspaceWith(startEarly(transport.api, { cols: 100, rows: 30 }));
    await workspace.sync();
    expect(asked().slice(0, 4)).toEqual(['workspace:start', 'pty:list', 'workspace:restore', 'pty:spawn']);
    expect(store.getState().terminals.map((t) => t.id)).toEqual(['p2']);
  });
});
