// SPDX-License-Identifier: MIT
import {
  channels,
  fail,
  DomainError,
  isChannel,
  ok,
  type EventChannel,
  type EventPayload,
  type InvokeChannel,
  type InvokeParsed,
  type InvokeResponse,
  type Result,
  type SendArgs,
  type SendChannel,
} from '../../shared/ipc';

/** One connected renderer (an Electron window or a browser WebSocket). */
export interface Client {
  readonly id: string;
  emit<K extends EventChannel>(channel: K, payload: EventPayload<K>): void;
  /** Called once when the transport goes away; at once if it has gone already. */
  onClose(listener: () => void): void;
}

/** Sends one event to every connected renderer: each Client's emit, fanned out (electron/app/compose-core.ts). */
export type Broadcast = Client['emit'];

export type InvokeHandlers = {
  [K in InvokeChannel]: (request: InvokeParsed<K>, client: Client) => Promise<InvokeResponse<K>> | InvokeResponse<K>;
};

export type SendHandlers = {
  [K in SendChannel]: (args: SendArgs<K>, client: Client) => void;
};

export interface Router {
  invoke(client: Client, channel: unknown, payload: unknown): Promise<Result<unknown>>;
  send(client: Client, channel: unknown, payload: unknown): void;
}

export interface RouterOptions {
  onRejected?: (channel: string, reason: string) => void;
  onError?: (channel: string, error: unknown) => void;
}

/**
 * Validates every inbound payload against the channel map before a handler sees it. A bad payload
 * is answered with `invalid-payload` (invoke) or dropped (send); handler errors never escape.
 */
export const createRouter = (invokeHandlers: InvokeHandlers, sendHandlers: SendHandlers, options: RouterOptions = {}): Router => ({
  async invoke(client, channel, payload) {
    if (!isChannel(channel)) return fail('unknown-channel', `unknown channel ${String(channel).slice(0, 64)}`);
    const def = channels[channel];
    if (def.kind !== 'invoke') return fail('unknown-channel', `${channel} is not an invoke channel`);
    const parsed = def.req.safeParse(payload);
    if (!parsed.success) {
      options.onRejected?.(channel, parsed.error.message);
      return fail('invalid-payload', `${channel}: ${summarize(parsed.error.issues)}`);
    }
    const handler = invokeHandlers[channel as InvokeChannel] as (req: unknown, client: Client) => unknown;
    try {
      return ok(await handler(parsed.data, client));
    } catch (error) {
      return toFailure(channel, error, options);
    }
  },

  send(client, channel, payload) {
    if (!isChannel(channel)) return options.onRejected?.(String(channel).slice(0, 64), 'unknown channel');
    const def = channels[channel];
    if (def.kind !== 'send') return options.onRejected?.(channel, 'not a send channel');
    let args: unknown = payload;
    if ('fast' in def && def.fast) {
      if (!def.fast(payload)) return options.onRejected?.(channel, 'invalid payload');
    } else {
      const parsed = def.args.safeParse(payload);
      if (!parsed.success) return options.onRejected?.(channel, summarize(parsed.error.issues));
      args = parsed.data;
    }
    const handler = sendHandlers[channel as SendChannel] as (args: unknown, client: Client) => void;
    try {
      handler(args, client);
    } catch (error) {
      options.onError?.(channel, error);
    }
  },
});

/**
 * The one error mapper: an expected failure (a DomainError, whatever its subclass) keeps its code
 * and message for the renderer; anything else is a bug, logged with its stack and answered
 * `internal` without details.
 */
const toFailure = (channel: string, error: unknown, options: RouterOptions): Result<never> => {
  if (error instanceof DomainError) return fail(error.code, error.message);
  options.onError?.(channel, error);
  return fail('internal', `${channel} failed`);
};

const summarize = (issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string =>
  issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
