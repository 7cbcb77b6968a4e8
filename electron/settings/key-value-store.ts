// SPDX-License-Identifier: MIT

/** Where settings persist; electron/core backs it with the SQLite `settings` table. */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

/** For tests and for running without a database. */
export class MemoryKeyValueStore implements KeyValueStore {
  readonly values = new Map<string, string>();

  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    this.values.set(key, value);
  }
}
