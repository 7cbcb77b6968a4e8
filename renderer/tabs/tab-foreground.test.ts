// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWorkspaceStore, type Terminal, type WorkspaceStore } from '../state/workspace';
import { FakeConnection, FakeTransport, okResult } from '../terminal/workspace/testing/fake-host';
import { ForegroundWatch, useForeground } from './tab-foreground';

const terminal = (id: string): Terminal => ({
  id,
  sessionId: id,
  shell: 'bash',
  programTitle: null,
  customTitle: null,
  exited: false,
  exitCode: null,
  recording: 'on',
});

describe('the foreground watch', () => {
  let transport: FakeTransport;
  let connection: FakeConnection;
  let store: WorkspaceStore;
  let watch: ForegroundWatch;

  beforeEach(() => {
    store = createWorkspaceStore();
    useForeground.setState({ byId: {} });
    transport = new FakeTransport();
    connection = new FakeConnection();
    transport.answer('pty:busy', ({ id }) => okResult({ busy: true, process: `vim-${id}` }));
    watch = new ForegroundWatch({ api: transport.api, connection, store });
  });

  afterEach(() => watch.dispose());

  it('asks about a terminal that appears, and follows what main reports', async () => {
    store.getState().add(terminal('a'));
    await vi.waitFor(() => expect(useForeground.getState().byId).toEqual({ a: 'vim-a' }));
    transport.emit('pty:foreground', { id: 'a', process: 'bash' });
    expect(useForeground.getState().byId).toEqual({ a: 'bash' });
  });

  it('forgets a closed terminal, and asks again after a reconnect', async () => {
    store.getState().add(terminal('a'));
    store.getState().add(terminal('b'));
    await vi.waitFor(() => expect(Object.keys(useForeground.getState().byId)).toHaveLength(2));
    store.getState().remove('a');
    expect(useForeground.getState().byId).toEqual({ b: 'vim-b' });
    const asked = transport.invoked.length;
    connection.setStatus('open');
    expect(transport.invoked.slice(asked).map((i) => i.payload)).toEqual([{ id: 'b' }]);
  });

  it('stops listening when disposed', () => {
    expect(transport.listenerCount()).toBe(1);
    expect(connection.listenerCount).toBe(1);
    watch.dispose();
    expect(transport.listenerCount()).toBe(0);
    expect(connection.listenerCount).toBe(0);
    store.getState().add(terminal('late'));
    expect(transport.invoked).toEqual([]);
  });
});
