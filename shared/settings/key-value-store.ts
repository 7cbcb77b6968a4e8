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

/** The row that holds the saved settings sections, as JSON (electron/settings/settings-store.ts; the CLI reads it too). */
export const SETTINGS_KEY = 'settings';
