// SPDX-License-Identifier: MIT
import { tableMethods, type TableMethod, type TableName, type Tables } from '../worker/protocol';
import type { WriterClient } from './writer-client';

type Fn = (...args: never[]) => unknown;

/** A table class seen from main: the same methods, each answered by the writer worker. */
export type RemoteTable<N extends TableName> = {
  readonly [K in TableMethod<N>]: Tables[N][K] extends Fn
    ? (...args: Parameters<Tables[N][K]>) => Promise<Awaited<ReturnType<Tables[N][K]>>>
    : never;
};

/**
 * The store's small tables for the main thread. A plain object of the listed methods (not a Proxy,
 * which would also answer `then` and make the handle look like a promise).
 */
export const remoteTable = <N extends TableName>(writer: WriterClient, table: N): RemoteTable<N> =>
  Object.fromEntries(
    tableMethods(table).map((method) => [method, (...args: unknown[]) => writer.call(table, method, args)]),
  ) as unknown as RemoteTable<N>;

export interface RemoteTables {
  readonly conversations: RemoteTable<'conversations'>;
  readonly settings: RemoteTable<'settings'>;
  readonly history: RemoteTable<'history'>;
}
