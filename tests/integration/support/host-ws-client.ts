// SPDX-License-Identifier: MIT
import { WebSocket } from 'ws';
import { WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from '../../../shared/ipc/wire';
import { readPtyDataFrame, WS_BINARY_OUTPUT_PROTOCOL } from '../../../shared/ipc/wire-names';

/** A minimal client of browser mode's WebSocket, speaking the same frames as the renderer. */
export class HostClient {
  private _next = 0;
  private readonly _pending = new Map<number, (result: unknown) => void>();
  private readonly _listeners = new Set<(channel: string, payload: unknown) => void>();

  private constructor(private readonly _socket: WebSocket) {
    _socket.on('message', (raw, isBinary) => {
      if (isBinary) {
        const payload = readPtyDataFrame(new Uint8Array(raw as Buffer));
        if (payload) for (const listener of this._listeners) listener('pty:data', payload);
        return;
      }
      const frame = JSON.parse(raw.toString()) as { t: string; id?: number; result?: unknown; channel?: string; payload?: unknown };
      if (frame.t === 'result') {
        this._pending.get(frame.id!)?.(frame.result);
        this._pending.delete(frame.id!);
      } else for (const listener of this._listeners) listener(frame.channel!, frame.payload);
    });
  }

  static connect(origin: string, token: string): Promise<HostClient> {
    const socket = new WebSocket(
      `${origin.replace('http', 'ws')}/ws`,
      [WS_BINARY_OUTPUT_PROTOCOL, WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX + token],
      {
        origin,
      },
    );
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new HostClient(socket)));
      socket.once('error', reject);
    });
  }

  /** The router's Result as it arrived, errors included. */
  invokeResult(channel: string, payload: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
    const id = this._next++;
    return new Promise((resolve) => {
      this._pending.set(id, resolve as (result: unknown) => void);
      this._socket.send(JSON.stringify({ t: 'invoke', id, channel, payload }));
    });
  }

  async invoke<T>(channel: string, payload: unknown): Promise<T> {
    const settled = (await this.invokeResult(channel, payload)) as { ok: boolean; value?: T; error?: { message: string } };
    if (!settled.ok) throw new Error(settled.error?.message);
    return settled.value as T;
  }

  /** Sends a frame as given, for tests of malformed input. */
  sendRaw(text: string): void {
    this._socket.send(text);
  }

  send(channel: string, payload: unknown): void {
    this._socket.send(JSON.stringify({ t: 'send', channel, payload }));
  }

  on(listener: (channel: string, payload: unknown) => void): () => void {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  }

  close(): void {
    this._socket.close();
  }
}

/** What `recordEvents` gives a test: the events so far and a wait for one, seen already or to come. */
export interface RecordedEvents {
  readonly events: ReadonlyArray<{ channel: string; payload: unknown }>;
  next<T>(channel: string, predicate?: (payload: T) => boolean, timeoutMs?: number): Promise<T>;
}

/**
 * Keeps every event `client` receives and acknowledges pty output as a renderer does (a pty whose
 * output nobody acks is paused by flow control), so a test can wait for an event that may
 * already have arrived.
 */
export const recordEvents = (client: HostClient): RecordedEvents => {
  const events: Array<{ channel: string; payload: unknown }> = [];
  client.on((channel, payload) => {
    events.push({ channel, payload });
    if (channel === 'pty:data')
      client.send('pty:ack', { id: (payload as { id: string }).id, chars: (payload as { data: string }).data.length });
  });
  const next = <T>(channel: string, predicate: (payload: T) => boolean = () => true, timeoutMs = 20_000): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const found = events.find((e) => e.channel === channel && predicate(e.payload as T));
      if (found) return resolve(found.payload as T);
      const timer = setTimeout(() => reject(new Error(`no ${channel}`)), timeoutMs);
      const off = client.on((c, payload) => {
        if (c !== channel || !predicate(payload as T)) return;
        clearTimeout(timer);
        off();
        resolve(payload as T);
      });
    });
  return { events, next };
};
