// SPDX-License-Identifier: MIT
import type { RawTransport } from '../../shared/ipc';
import type { ServerFrame } from '../../shared/ipc/wire-names';
import { addressGone, checkAddress } from './address-check';
import type { EarlySocket, EarlySocketSlot, FromSocket, ToSocket } from './socket-messages';

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
 * that carries it). It stays in memory and goes out only as a WebSocket subprotocol (socket-worker.ts).
 */
const launchToken = (): string => new URLSearchParams(location.search).get('token') ?? '';

/**
 * The socket's worker the page's first script started (early-socket.ts), taken once; the slot
 * says `taken` after, so that script, should it run only now, starts no second socket.
 */
const takeEarlySocket = (): EarlySocket | undefined => {
  const scope = globalThis as EarlySocketSlot;
  const early = scope.__contextermEarlySocket;
  scope.__contextermEarlySocket = 'taken';
  return early === 'taken' ? undefined : early;
};

/**
 * Browser mode: the contract over one WebSocket to the page's own origin. Reconnects with backoff;
 * pending invokes fail when the socket drops and sends are discarded while closed, since terminal
 * input must not replay into a later session. Invokes made while the first connection opens are
 * sent once it is open.
 */
export const createWsTransport = (): WsTransport => {
  const token = launchToken();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let status: ConnectionStatus = 'connecting';
  let attempt = 0;
  let failures = 0;
  // The socket itself lives in a worker (socket-worker.ts), which reads it while this thread parses.
  // Usually the page's first script has started it, and its first connection, already.
  const early = takeEarlySocket();
  const worker = early?.worker ?? new Worker(new URL('./socket-worker.ts', import.meta.url), { type: 'module', name: 'socket' });
  const post = (message: ToSocket) => worker.postMessage(message);

  const setStatus = (next: ConnectionStatus) => {
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const handle = (frame: ServerFrame) => {
    if (frame.t === 'event') {
      for (const listener of listeners.get(frame.channel) ?? []) listener(frame.payload);
    } else {
      pending.get(frame.id)?.resolve(frame.result);
      pending.delete(frame.id);
    }
  };

  const closed = () => {
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

  const receive = (message: FromSocket) => {
    if (message.kind === 'frames') {
      // A listener that throws loses its own frame, as it did with a message per frame; the frames
      // after it are still handled, and the next ones still asked for.
      for (const frame of message.frames) {
        try {
          handle(frame);
        } catch (error) {
          setTimeout(() => {
            throw error;
          });
        }
      }
      post({ kind: 'pull' });
    } else if (message.kind === 'open') {
      attempt = 0;
      failures = 0;
      setStatus('open');
    } else {
      closed();
    }
  };

  const connect = () => post({ kind: 'connect', token });
  worker.onmessage = ({ data }: MessageEvent<FromSocket>) => receive(data);
  // Handed over once the caller has listened (it does in this task), and before any message that
  // comes later: those are tasks, this is the current task's microtask.
  if (early) queueMicrotask(() => early.held.splice(0).forEach(receive));
  else connect();

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
        if (status !== 'open' && status !== 'connecting') return reject(new Error('not connected'));
        const id = nextId++;
        pending.set(id, { resolve, reject });
        // While the first connection opens, the worker holds the request and sends it on open.
        post({ kind: 'send', frame: JSON.stringify({ t: 'invoke', id, channel, payload }) });
      }),
    send: (channel, payload) => {
      if (status === 'open') post({ kind: 'send', frame: JSON.stringify({ t: 'send', channel, payload }) });
    },
    on: (channel, listener) => {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
};
