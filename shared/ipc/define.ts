// SPDX-License-Identifier: MIT
import type { z } from 'zod';

/**
 * Channel definitions. Every channel is `domain:verb` and declares its payloads as zod schemas;
 * all TypeScript types on both ends are derived from these, never written by hand.
 *
 * - invoke: renderer → main request with a typed response, always answered with a `Result`.
 * - send:   renderer → main fire-and-forget.
 * - event:  main → renderer push.
 *
 * `fast` is a hand-written guard used instead of zod on the few hot channels (pty input, output,
 * acks): those run per keystroke / per 5 ms batch and only need a cheap shape check.
 */
export interface InvokeDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly kind: 'invoke';
  readonly req: Req;
  readonly res: Res;
}

export interface SendDef<Args extends z.ZodType = z.ZodType> {
  readonly kind: 'send';
  readonly args: Args;
  readonly fast?: (value: unknown) => boolean;
}

export interface EventDef<Payload extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly payload: Payload;
  readonly fast?: (value: unknown) => boolean;
}

export const invoke = <Req extends z.ZodType, Res extends z.ZodType>(req: Req, res: Res): InvokeDef<Req, Res> => ({
  kind: 'invoke',
  req,
  res,
});

export const send = <Args extends z.ZodType>(args: Args, fast?: (value: unknown) => boolean): SendDef<Args> => ({
  kind: 'send',
  args,
  ...(fast ? { fast } : {}),
});

export const event = <Payload extends z.ZodType>(payload: Payload, fast?: (value: unknown) => boolean): EventDef<Payload> => ({
  kind: 'event',
  payload,
  ...(fast ? { fast } : {}),
});

/**
 * `invalid-payload`: the request does not match the channel's schema (a renderer bug);
 * `invalid-request`: well-formed, but the user's input cannot be used (a bad pattern, a question
 * that cannot fit the model); `not-found`: an id that does not exist (any more); `failed`: an
 * expected failure outside the user's control (a provider, the disk); `internal`: a bug.
 */
export type IpcErrorCode = 'invalid-payload' | 'invalid-request' | 'unknown-channel' | 'not-found' | 'failed' | 'internal';

interface IpcError {
  readonly code: IpcErrorCode;
  readonly message: string;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: IpcErrorCode, message: string): Result<never> => ({ ok: false, error: { code, message } });

/**
 * The one rule for errors: an expected failure is a DomainError (or a subclass) carrying the code
 * the renderer sees, and the router maps it to a typed Result in one place. Anything else is a bug,
 * answered `internal` and logged. The message is shown to the user as it is, so it is plain text.
 */
export class DomainError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
