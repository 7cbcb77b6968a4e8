// SPDX-License-Identifier: MIT
import type { SyncErrorCode } from '../sync/sync-error';
import type { SyncReport } from '../sync/sync-context';

/** What the sync worker is started with (`workerData`): the data dir and its database file. */
export interface SyncWorkerInit {
  readonly dataDir: string;
  readonly dbPath: string;
}

/** main → worker: one run, or turning sync off (both write the database, so both run here). */
export type SyncWorkerRequest = { readonly type: 'run'; readonly id: number } | { readonly type: 'off'; readonly id: number };

/** After a run: what it did, and this device's records still waiting for the bucket. */
export interface RunOutcome {
  readonly report: SyncReport;
  readonly pending: number;
  readonly at: number;
}

/** worker → main */
export type SyncWorkerEvent =
  | { readonly type: 'done'; readonly id: number; readonly outcome: RunOutcome | null }
  | { readonly type: 'failed'; readonly id: number; readonly code: SyncErrorCode | 'internal'; readonly message: string }
  /** Records forgotten here because another device forgot them: main drops its in-memory copies. */
  | { readonly type: 'forgotten'; readonly commandIds: readonly string[]; readonly sessionIds: readonly string[] };
