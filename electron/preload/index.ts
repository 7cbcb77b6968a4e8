// SPDX-License-Identifier: MIT
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { RawTransport } from '../../shared/ipc';
import { BRIDGE_GLOBAL, IPC_EVENT, IPC_INVOKE, IPC_SEND } from '../../shared/ipc/bridge-channels';

/**
 * The page gets three functions, never `ipcRenderer`. Channel names travel as data on three fixed
 * Electron channels and main validates them against the contract, so this file stays tiny (no zod
 * in the preload). One Electron listener fans events out, so subscriptions do not pile up.
 */
const isName = (channel: unknown): channel is string => typeof channel === 'string' && channel.length <= 64;
const listeners = new Map<string, Set<(payload: unknown) => void>>();

ipcRenderer.on(IPC_EVENT, (_event: IpcRendererEvent, channel: unknown, payload: unknown) => {
  if (typeof channel !== 'string') return;
  for (const listener of listeners.get(channel) ?? []) listener(payload);
});

const bridge: RawTransport = {
  invoke: (channel, payload) =>
    isName(channel) ? ipcRenderer.invoke(IPC_INVOKE, channel, payload) : Promise.reject(new Error('unknown channel')),
  send: (channel, payload) => {
    if (isName(channel)) ipcRenderer.send(IPC_SEND, channel, payload);
  },
  on: (channel, listener) => {
    if (!isName(channel)) return () => undefined;
    let set = listeners.get(channel);
    if (!set) listeners.set(channel, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  },
};

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, bridge);
