// SPDX-License-Identifier: MIT
import type { RawTransport } from '../../shared/ipc';
import { WS_PATH, WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX, type ServerFrame } from '../../shared/ipc/wire-names';
import { addressGone, checkAddress } from './address-check';

/**
 * `refused` and `gone`: this address will not serve this page again, as the host answers 401 to
 * its token (restarted on this port) or stays silent (stopped, or restarted on another port).
 */
export type ConnectionStatus = 'connecting' | 'open' | 'closed' | 'gone' | 'refused';

export interface WsTransport extends RawTransport {
  readonly status: ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
}

const RETRY_MS = [250, 500, 1000, 2000, 4000] as const;

/**
 * The launch token, read once from the page's own URL (the server only serves the page to a URL
 * that carries it). It stays in this module's memory and goes out only as a WebSocket subprotocol,
 * which the browser never sends on its own: no cookie, nothing another local origin can replay.
 */
const launchToken = (): string => new URLSearchParams(location.search).get('token') ?? '';

/**
 * Browser mode: the contract over one WebSocket to the page's own origin. Reconnects with backoff;
 * pending invokes fail when the socket drops and sends are discarded while closed, since terminal
 * input must not replay into a later session.
 */
export const createWsTransport = (): WsTransport => {
  const token = launchToken();
  const protocols = [WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX + token];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let socket: WebSocket;
  let status: ConnectionStatus = 'connecting';
  let attempt = 0;
  let failures = 0;
  const queued: string[] = [];

  const setStatus = (next: ConnectionStatus) => {
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const connect = () => {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(`${scheme}//${location.host}${WS_PATH}`, protocols);
    socket.onopen = () => {
      attempt = 0;
      failures = 0;
      for (const frame of queued.splice(0)) socket.send(frame);
      setStatus('open');
    };
    socket.onmessage = (message) => {
      const frame = JSON.parse(String(message.data)) as ServerFrame;
      if (frame.t === 'event') {
        for (const listener of listeners.get(frame.channel) ?? []) listener(frame.payload);
      } else {
        pending.get(frame.id)?.resolve(frame.result);
        pending.delete(frame.id);
      }
    };
    socket.onclose = () => {
      for (const request of pending.values()) request.reject(new Error('connection lost'));
      pending.clear();
      failures++;
      if (status === 'open' || status === 'connecting') setStatus('closed');
      const delay = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)];
      // Still retried when gone: a launch with a fixed port and token comes back at this address.
      void checkAddress(token).then((answer) => {
        if (addressGone(answer, failures) && status !== 'open') setStatus(answer === 'token-refused' ? 'refused' : 'gone');
        setTimeout(connect, delay);
      });
    };
  };
  connect();

  return {
    get status() {
      return status;
    },
    onStatus: (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    invoke: (channel, payload) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        const frame = JSON.stringify({ t: 'invoke', id, channel, payload });
        if (socket.readyState === WebSocket.OPEN) socket.send(frame);
        else if (status === 'connecting') queued.push(frame);
        else {
          pending.delete(id);
          reject(new Error('not connected'));
        }
      }),
    send: (channel, payload) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ t: 'send', channel, payload }));
    },
    on: (channel, listener) => {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
};
