// SPDX-License-Identifier: MIT
import { createApi, type Api, type RawTransport, type Result } from '../../shared/ipc';
import { BRIDGE_GLOBAL } from '../../shared/ipc/bridge-channels';
import { createWsTransport, type ConnectionStatus } from './ws-transport';

/** The page's link to main: injected into the terminals (renderer/main.tsx), so tests can bring a fake. */
export interface Connection {
  readonly api: Api;
  readonly host: 'electron' | 'web';
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
}

const connect = (): Connection => {
  const bridge = (window as unknown as Record<string, RawTransport | undefined>)[BRIDGE_GLOBAL];
  if (bridge) return { api: createApi(bridge), host: 'electron', onStatus: () => () => undefined };
  const ws = createWsTransport();
  return { api: createApi(ws), host: 'web', onStatus: (listener) => ws.onStatus(listener) };
};

export const connection = connect();
export const api = connection.api;

/** Unwraps a Result, throwing its error: for callers that treat failure as exceptional. */
export const unwrap = async <T>(result: Promise<Result<T>>): Promise<T> => {
  const settled = await result;
  if (!settled.ok) throw new Error(settled.error.message);
  return settled.value;
};
