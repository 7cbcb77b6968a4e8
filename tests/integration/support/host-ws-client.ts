// SPDX-License-Identifier: MIT
import { WebSocket } from 'ws';
import { WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from '../../../shared/ipc/wire';

/** A minimal client of browser mode's WebSocket, speaking the same frames as the renderer. */
export class HostClient {
  private _next = 0;
  private readonly _pending = new Map<number, (result: unknown) => void>();
  private readonly _listeners = new Set<(channel: string, payload: unknown) => void>();

  private constructor(private readonly _socket: WebSocket) {
    _socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { t: string; id?: number; result?: unknown; channel?: string; payload?: unknown };
      if (frame.t === 'result') {
        this._pending.get(frame.id!)?.(frame.result);
        this._pending.delete(frame.id!);
      } else for (const listener of this._listeners) listener(frame.channel!, frame.payload);
    });
  }

  static connect(origin: string, token: string): Promise<HostClient> {
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/ws`, [WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX + token], { origin });
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
