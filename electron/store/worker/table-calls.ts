// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import { DomainError } from '../../../shared/ipc/define';
import { SqliteConversationRepository } from '../conversations/conversation-repository';
import { isTableMethod, type TableCall, type Tables, type WriterEvent } from './protocol';
import { SqliteKeyValueStore } from './settings-table';
import type { HistoryTable } from '../history/history-table';

/**
 * The writer worker's side of table calls: the conversation and settings tables on the writer's
 * own connection. Calls run between batches (the writer never holds a transaction across ticks), so
 * a conversation's multi-row writes keep their own transactions.
 */
export const tableServer = (db: Database.Database, send: (event: WriterEvent) => void, history: HistoryTable) => {
  const tables: Tables = { conversations: new SqliteConversationRepository(db), settings: new SqliteKeyValueStore(db), history };
  return (call: TableCall): void => {
    const fail = (error: unknown) =>
      send({
        type: 'call-failure',
        id: call.id,
        name: (error as Error)?.name ?? 'Error',
        message: (error as Error)?.message ?? String(error),
        ...(error instanceof DomainError ? { code: error.code } : {}),
      });
    if (!isTableMethod(call.table, call.method)) return fail(new Error(`unknown table call ${call.table}.${call.method}`));
    try {
      const target = tables[call.table] as unknown as Record<string, (...args: unknown[]) => unknown>;
      Promise.resolve(target[call.method]!.apply(target, [...call.args])).then(
        (value) => send({ type: 'call-result', id: call.id, value }),
        fail,
      );
    } catch (error) {
      fail(error);
    }
  };
};
