// SPDX-License-Identifier: MIT
import { ipcMain, type IpcMainEvent, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { fail } from '../../shared/ipc';
import { IPC_EVENT, IPC_INVOKE, IPC_SEND } from '../../shared/ipc/bridge-channels';
import type { Core } from '../app/create-core';
import { closeSignal } from '../ipc/close-signal';
import type { Client } from '../ipc/router';

/**
 * Carries the contract over Electron IPC. Messages are accepted only from our own top-level page
 * (never an iframe or a navigated-away frame); payload validation is the router's job.
 */
export const registerIpcTransport = (core: Core, isTrusted: (url: string | undefined) => boolean): void => {
  const { router } = core;
  const clients = new Map<number, Client>();

  const clientFor = (contents: WebContents): Client => {
    let client = clients.get(contents.id);
    if (client) return client;
    const closing = closeSignal();
    client = {
      id: `w${contents.id}`,
      emit: (channel, payload) => {
        if (!contents.isDestroyed()) contents.send(IPC_EVENT, channel, payload);
      },
      onClose: closing.onClose,
    };
    clients.set(contents.id, client);
    core.connect(client);
    contents.once('destroyed', () => {
      clients.delete(contents.id);
      closing.close();
    });
    return client;
  };

  const trusted = (event: IpcMainEvent | IpcMainInvokeEvent): boolean =>
    event.senderFrame !== null && event.senderFrame.parent === null && isTrusted(event.senderFrame.url);

  ipcMain.handle(IPC_INVOKE, (event, channel: unknown, payload: unknown) => {
    if (!trusted(event)) return fail('unknown-channel', 'untrusted sender');
    return router.invoke(clientFor(event.sender), channel, payload);
  });
  ipcMain.on(IPC_SEND, (event, channel: unknown, payload: unknown) => {
    if (trusted(event)) router.send(clientFor(event.sender), channel, payload);
  });
};
