// SPDX-License-Identifier: MIT
import { describe, expect, it, vi } from 'vitest';
import type { Core } from '../app/create-core';
import { IPC_INVOKE, IPC_SEND } from '../../shared/ipc/bridge-channels';
import { isOurFrame } from './windows';

/** ipcMain replaced by a recorder: the transport must drop every message not from our top frame. */
const seen = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, channel: unknown, payload: unknown) => unknown>(),
}));
vi.mock('electron', () => ({
  ipcMain: {
    handle: (name: string, handler: (event: unknown, channel: unknown, payload: unknown) => unknown) => seen.handlers.set(name, handler),
    on: (name: string, handler: (event: unknown, channel: unknown, payload: unknown) => unknown) => seen.handlers.set(name, handler),
  },
  BrowserWindow: class {},
}));

const { registerIpcTransport } = await import('./ipc-transport');

const routed: string[] = [];
registerIpcTransport(
  {
    router: {
      invoke: (_client: unknown, channel: string) => (routed.push(`invoke ${channel}`), { ok: true, value: {} }),
      send: (_client: unknown, channel: string) => routed.push(`send ${channel}`),
    },
    connect: () => undefined,
  } as unknown as Core,
  isOurFrame,
);

const top = { url: 'app://contexterm/index.html', parent: null };
const eventFrom = (senderFrame: unknown, id = 1) => ({
  senderFrame,
  sender: { id, isDestroyed: () => false, send: () => undefined, once: () => undefined },
});

describe('IPC transport', () => {
  it('routes messages from our own top-level page', async () => {
    routed.length = 0;
    await seen.handlers.get(IPC_INVOKE)?.(eventFrom(top), 'app:info', {});
    seen.handlers.get(IPC_SEND)?.(eventFrom(top), 'app:open-external', { url: 'https://example.com/' });
    expect(routed).toEqual(['invoke app:info', 'send app:open-external']);
  });

  it.each([
    ['a subframe of our page', { url: 'app://contexterm/index.html', parent: top }],
    ['a foreign page', { url: 'https://evil.example/', parent: null }],
    ['a file:// page', { url: 'file:///app/dist/renderer/index.html', parent: null }],
    ['another app:// document', { url: 'app://contexterm/assets/x.html', parent: null }],
    ['a frame that is gone', null],
  ])('drops messages from %s', async (_name, frame) => {
    routed.length = 0;
    const answer = await seen.handlers.get(IPC_INVOKE)?.(eventFrom(frame, 2), 'app:info', {});
    seen.handlers.get(IPC_SEND)?.(eventFrom(frame, 2), 'app:open-external', { url: 'https://example.com/' });
    expect(routed).toEqual([]);
    expect(answer).toMatchObject({ ok: false });
  });
});
