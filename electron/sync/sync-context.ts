// SPDX-License-Identifier: MIT
import type { SyncBackend } from './backend';
import type { SyncTables } from './sync-tables';
import type { SyncLayout } from './sync-format';
import type { SyncKeys } from './sync-keys';

/** Everything one sync run works with. */
export interface SyncContext {
  readonly backend: SyncBackend;
  readonly keys: SyncKeys;
  readonly layout: SyncLayout;
  readonly tables: SyncTables;
  readonly deviceId: string;
  readonly deviceName: string;
  readonly withOutput: boolean;
  /** Forgets records here as a local forget does (the store's Forgetter); returns how many went. */
  readonly forget: (ids: readonly string[]) => number;
  readonly now: () => number;
}

/** What one run did; `refused` names objects whose tag did not verify (the rest went on). */
export interface SyncReport {
  pushed: number;
  pulled: number;
  forgotten: number;
  rewritten: number;
  devices: number;
  refused: string[];
}
