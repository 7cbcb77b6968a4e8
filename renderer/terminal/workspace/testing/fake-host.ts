// SPDX-License-Identifier: MIT
import {
  type Api,
  type EventChannel,
  type EventPayload,
  type InvokeChannel,
  type InvokeRequest,
  type InvokeResponse,
  type RawTransport,
  type Result,
} from '../../../../shared/ipc';
import type { PtyInfo, TerminalMark, TerminalSnapshot } from '../../../../shared/ipc/pty';
import { toDisposable, type IDisposable } from '../../../lifetime/disposable';
import type { ConnectionStatus } from '../../../transport/ws-transport';
import type { TerminalHandle } from '../terminal-workspace';

/** The typed Api over a raw transport, as the renderer's transports give it. */
const createApi = (transport: RawTransport): Api => ({
  invoke: (channel, request) => transport.invoke(channel, request) as Promise<never>,
  send: (channel, args) => transport.send(channel, args),
  on: (channel, listener) => transport.on(channel, listener as (payload: unknown) => void),
});

type Answer = (request: unknown) => Result<unknown> | Promise<Result<unknown>>;

/**
 * The main process as the renderer sees it, in memory: answers set per channel, every send kept,
 * events emitted by the test, and a count of the listeners registered (so a test can see that
 * disposing an owner removed every one it added).
 */
export class FakeTransport implements RawTransport {
  readonly api: Api = createApi(this);
  readonly sent: Array<{ readonly channel: string; readonly payload: unknown }> = [];
  readonly invoked: Array<{ readonly channel: string; readonly payload: unknown }> = [];
  private readonly _listeners = new Map<string, Set<(payload: unknown) => void>>();
  private readonly _answers = new Map<string, Answer>();

  answer<K extends InvokeChannel>(
    channel: K,
    answer: (request: InvokeRequest<K>) => Result<InvokeResponse<K>> | Promise<Result<InvokeResponse<K>>>,
  ): void {
    this._answers.set(channel, answer as Answer);
  }

  invoke(channel: string, payload: unknown): Promise<unknown> {
    this.invoked.push({ channel, payload });
    const answer = this._answers.get(channel);
    return Promise.resolve(
      answer ? answer(payload) : { ok: false, error: { code: 'unknown-channel', message: `no answer for ${channel}` } },
    );
  }

  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }

  on(channel: string, listener: (payload: unknown) => void): () => void {
    let listeners = this._listeners.get(channel);
    if (!listeners) this._listeners.set(channel, (listeners = new Set()));
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  emit<K extends EventChannel>(channel: K, payload: EventPayload<K>): void {
    for (const listener of [...(this._listeners.get(channel) ?? [])]) listener(payload);
  }

  /** Listeners registered now, on one channel or on all. */
  listenerCount(channel?: string): number {
    if (channel !== undefined) return this._listeners.get(channel)?.size ?? 0;
    return [...this._listeners.values()].reduce((sum, listeners) => sum + listeners.size, 0);
  }

  /** What was sent on a channel, oldest first. */
  sentOn(channel: string): unknown[] {
    return this.sent.filter((s) => s.channel === channel).map((s) => s.payload);
  }
}

/** A page whose visibility the test sets, counting its listeners. */
export class FakePage {
  shown = true;
  private readonly _listeners = new Set<() => void>();

  visible = (): boolean => this.shown;

  onChange = (listener: () => void): IDisposable => {
    this._listeners.add(listener);
    return toDisposable(() => this._listeners.delete(listener));
  };

  setShown(shown: boolean): void {
    this.shown = shown;
    for (const listener of [...this._listeners]) listener();
  }

  get listenerCount(): number {
    return this._listeners.size;
  }
}

/** A connection whose status changes when the test says. */
export class FakeConnection {
  private readonly _listeners = new Set<(status: ConnectionStatus) => void>();

  onStatus = (listener: (status: ConnectionStatus) => void): (() => void) => {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  };

  setStatus(status: ConnectionStatus): void {
    for (const listener of [...this._listeners]) listener(status);
  }

  get listenerCount(): number {
    return this._listeners.size;
  }
}

/** A terminal view that keeps what it was given instead of drawing it. */
export class FakeView implements TerminalHandle {
  readonly written: string[] = [];
  readonly marks: TerminalMark[] = [];
  readonly snapshots: TerminalSnapshot[] = [];
  disposed = false;

  constructor(readonly info: PtyInfo) {}

  write(data: string): void {
    this.written.push(data);
  }

  applyMark(mark: TerminalMark): void {
    this.marks.push(mark);
  }

  restore(snapshot: TerminalSnapshot): void {
    this.snapshots.push(snapshot);
  }

  dispose(): void {
    this.disposed = true;
  }
}

/** A pty as main describes it. */
export const ptyInfo = (id: string, patch: Partial<PtyInfo> = {}): PtyInfo => ({
  id,
  sessionId: id,
  pid: 1,
  shell: '/bin/bash',
  cwd: '/home/user',
  cols: 100,
  rows: 30,
  exited: false,
  exitCode: null,
  recording: 'on',
  profileId: null,
  ...patch,
});

export const okResult = <T>(value: T): Result<T> => ({ ok: true, value });
