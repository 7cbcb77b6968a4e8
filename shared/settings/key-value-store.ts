// SPDX-License-Identifier: MIT

/**
 * Where settings persist: the settings service (electron/settings) reads and writes through it, and
 * the store backs it with its SQLite `settings` table (electron/store/worker/settings-table.ts).
 * It lives here, below both, so neither folder has to import the other's.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}
