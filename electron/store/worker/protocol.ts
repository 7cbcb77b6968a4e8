// SPDX-License-Identifier: MIT
import type { SegmentationMode } from '../../../shared/domain/segmentation';
import type { RecordingStatus } from '../../../shared/ipc/history';
import type { IntegrityCheckPolicy } from '../database/open-database';
import type { SqliteConversationRepository } from '../conversations/conversation-repository';
import type { StoreQueries } from '../queries/queries';
import type { SqliteKeyValueStore } from './settings-table';
import type { HistoryTable } from '../history/history-table';

/**
 * What the store worker is started with (`workerData`). `resume`: a writer replacing one that died
 * while the app runs (see database/open-database.ts: no repair, no start-up sweep of the live sessions).
 */
export type WorkerInit =
  | { readonly role: 'writer'; readonly path: string; readonly integrityCheck: IntegrityCheckPolicy; readonly resume?: boolean }
  | { readonly role: 'reader'; readonly path: string };

export interface SessionRowInput {
  readonly id: string;
  readonly startedAt: number;
  readonly shell: string;
  readonly hostname: string;
  readonly cwd: string;
  readonly title: string;
  readonly mode: SegmentationMode;
}

export interface SessionPatch {
  readonly title?: string;
  readonly mode?: SegmentationMode;
  readonly cwd?: string;
  readonly hostname?: string;
}

export interface CommandRowInput {
  readonly id: string;
  readonly sessionId: string;
  readonly seq: number;
  readonly commandLine: string | null;
  readonly cwd: string | null;
  readonly hostname: string | null;
  readonly shell: string | null;
  readonly startedAt: number;
  readonly endedAt: number | null;
  readonly exitCode: number | null;
  readonly outputStart: number;
  readonly outputEnd: number | null;
  readonly outputSummary: string;
  readonly cleanOutput: string | null;
  readonly source: 'integrated' | 'heuristic';
  /** Ended by something other than the command finishing (the app died, recording failed or paused). */
  readonly interrupted: boolean;
  readonly remote: { readonly host: string; readonly user: string | null } | null;
  readonly ranBy: 'assistant' | null;
}

/**
 * One write, in the order the main thread issued it. A chunk's bytes are not in the op: they sit
 * at [at, at + length) of the message's arena, one transferred ArrayBuffer per message (copying
 * each chunk once into the arena and transferring it measured 4–6× faster than structured-cloning
 * an array of Buffers, which copies twice and clones a pooled Buffer's whole 8 KB pool).
 */
export type WriteOp =
  | { readonly kind: 'session-start'; readonly session: SessionRowInput }
  | { readonly kind: 'session-update'; readonly id: string; readonly patch: SessionPatch }
  | { readonly kind: 'session-end'; readonly id: string; readonly endedAt: number }
  | {
      readonly kind: 'chunk';
      readonly sessionId: string;
      readonly ts: number;
      readonly direction: 0 | 1;
      readonly outputOffset: number;
      readonly at: number;
      readonly length: number;
    }
  | { readonly kind: 'command'; readonly command: CommandRowInput }
  /** Removes stored bytes of [from, to) in both directions (a command kept out of history). */
  | { readonly kind: 'drop-range'; readonly sessionId: string; readonly from: number; readonly to: number };

/** main → writer */
export type WriterRequest =
  | {
      readonly type: 'write';
      readonly ops: readonly WriteOp[];
      readonly arena: ArrayBuffer | null;
      /** Chunk bytes in the arena (the arena may be larger). */
      readonly bytes: number;
      readonly flushId?: number;
      /** With a flushId: also index all clean output committed so far before reporting the flush. */
      readonly searchable?: boolean;
    }
  | TableCall
  /** Idle: close the database and say 'parked', or say 'busy' while indexing, pruning or retrying is left. */
  | { readonly type: 'park' }
  | { readonly type: 'close' };

/**
 * The store's small tables (conversations, settings) are written by the writer worker too, on its
 * one connection, between its batched transactions: one writer for the whole file. A call names a
 * table and one of its methods; the worker dispatches only to the names listed below.
 */
export interface TableCall {
  readonly type: 'call';
  readonly id: number;
  readonly table: TableName;
  readonly method: string;
  readonly args: readonly unknown[];
}

export interface Tables {
  readonly conversations: SqliteConversationRepository;
  readonly settings: SqliteKeyValueStore;
  readonly history: HistoryTable;
}
export type TableName = keyof Tables;
type MethodsOf<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never }[keyof T];
export type TableMethod<N extends TableName> = MethodsOf<Tables[N]> & string;

/** Records, so a method added to a table class without listing it here fails to compile. */
const TABLE_METHODS: { readonly [N in TableName]: Record<TableMethod<N>, true> } = {
  conversations: {
    createConversation: true,
    getConversation: true,
    setConversationModel: true,
    appendMessage: true,
    setMessageMeta: true,
    listMessages: true,
    applyCompaction: true,
    undoLatestCompaction: true,
    listCompactions: true,
    recentSummaries: true,
    listConversations: true,
    summary: true,
    rename: true,
    delete: true,
    search: true,
    deleteMessage: true,
  },
  settings: { get: true, set: true },
  history: { usage: true, rawBytes: true, freeSpace: true, forget: true, setPolicy: true, status: true },
};

export const tableMethods = <N extends TableName>(table: N): Array<TableMethod<N>> =>
  Object.keys(TABLE_METHODS[table]) as Array<TableMethod<N>>;

export const isTableMethod = (table: string, method: string): boolean =>
  Object.hasOwn(TABLE_METHODS, table) && Object.hasOwn(TABLE_METHODS[table as TableName], method);

export interface WriterReady {
  readonly type: 'ready';
  readonly recoveredCorruptTo?: string;
  readonly orphanedSessionsEnded: number;
}

/** writer → main */
export type WriterEvent =
  | WriterReady
  /** `messages`: how many write messages, in the order posted, this commit settled. */
  | { readonly type: 'committed'; readonly bytes: number; readonly flushIds: readonly number[]; readonly messages: number }
  | { readonly type: 'write-error'; readonly message: string }
  | { readonly type: 'health'; readonly status: RecordingStatus }
  /** `code`: a DomainError's IPC code (a database from a newer version), so it stays a typed error on main. */
  | { readonly type: 'open-error'; readonly name: string; readonly message: string; readonly code?: string }
  | { readonly type: 'call-result'; readonly id: number; readonly value: unknown }
  /** `code`: a DomainError's IPC code (not-found…), so the error keeps its meaning on main. */
  | { readonly type: 'call-failure'; readonly id: number; readonly name: string; readonly message: string; readonly code?: string }
  | { readonly type: 'parked' }
  | { readonly type: 'busy' }
  | { readonly type: 'closed' };

/** The reader's methods are exactly StoreQueries' public methods. */
export type ReadMethod = Exclude<keyof StoreQueries, 'db'>;
export type ReadArgs<M extends ReadMethod> = Parameters<StoreQueries[M]>;
export type ReadResult<M extends ReadMethod> = ReturnType<StoreQueries[M]>;

/** A Record, so adding a query to StoreQueries without listing it here fails to compile. */
const READ_METHODS: Record<ReadMethod, true> = {
  listSessions: true,
  getSession: true,
  recentCommands: true,
  commandsByIds: true,
  commandsInWindow: true,
  commandRuns: true,
  searchHistory: true,
  suggestLines: true,
  quickFixHistory: true,
  readOutput: true,
  outputEnd: true,
  readCleanOutput: true,
  integrityCheck: true,
};

/** The reader only dispatches to these names, never to whatever property a message mentions. */
export const isReadMethod = (name: string): name is ReadMethod => Object.hasOwn(READ_METHODS, name);

/** main → reader */
export type ReaderRequest =
  | { readonly type: 'read'; readonly id: number; readonly method: ReadMethod; readonly args: readonly unknown[] }
  | { readonly type: 'close' };

/** reader → main */
export type ReaderEvent =
  | { readonly type: 'ready' }
  | { readonly type: 'result'; readonly id: number; readonly value: unknown; readonly slowMs?: number }
  | { readonly type: 'failure'; readonly id: number; readonly name: string; readonly message: string }
  | { readonly type: 'open-error'; readonly name: string; readonly message: string; readonly code?: string }
  | { readonly type: 'closed' };
