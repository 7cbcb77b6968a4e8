// SPDX-License-Identifier: MIT
import type { Api, RawTransport } from '../../shared/ipc';
import { BRIDGE_GLOBAL } from '../../shared/ipc/bridge-channels';
import { createWsTransport, type ConnectionStatus } from './ws-transport';

/** The page's link to main: injected into the terminals (renderer/main.tsx), so tests can bring a fake. */
export interface Connection {
  readonly api: Api;
  readonly host: 'electron' | 'web';
  /** The connection now: what a view that appears late (the app, after the first terminal) starts from. */
  readonly status: ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
}

/**
 * The typed Api over a raw transport, here rather than in shared/ipc, whose index builds every
 * channel's zod schema when evaluated, which the page never uses (main validates) and which cost
 * tens of ms before the first prompt.
 */
const createApi = (transport: RawTransport): Api => ({
  invoke: (channel, request) => transport.invoke(channel, request) as Promise<never>,
  send: (channel, args) => transport.send(channel, args),
  on: (channel, listener) => transport.on(channel, listener as (payload: unknown) => void),
});

const connect = (): Connection => {
  const bridge = (window as unknown as Record<string, RawTransport | undefined>)[BRIDGE_GLOBAL];
  if (bridge) return { api: createApi(bridge), host: 'electron', status: 'open', onStatus: () => () => undefined };
  const ws = createWsTransport();
  return {
    api: createApi(ws),
    host: 'web',
    get status() {
      return ws.status;
    },
    onStatus: (listener) => ws.onStatus(listener),
  };
};

/** Made on first use (the app's start in main.tsx), not when this module is imported. */
let opened: Connection | undefined;
const current = (): Connection => (opened ??= connect());

/** The page's connection to main: the desktop's bridge, or in browser mode a WebSocket that reconnects. */
export const connection: Connection = {
  get api() {
    return current().api;
  },
  get host() {
    return current().host;
  },
  get status() {
    return current().status;
  },
  onStatus: (listener) => current().onStatus(listener),
};

/** The contract with main (shared/ipc), over `connection`. */
export const api: Api = {
  invoke: (channel, request) => current().api.invoke(channel, request),
  send: (channel, args) => current().api.send(channel, args),
  on: (channel, listener) => current().api.on(channel, listener),
};
