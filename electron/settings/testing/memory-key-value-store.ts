// SPDX-License-Identifier: MIT
import type { KeyValueStore } from '../../../shared/settings/key-value-store';

/** Settings kept in a map, for tests that need no database. */
export class MemoryKeyValueStore implements KeyValueStore {
  readonly values = new Map<string, string>();

  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    this.values.set(key, value);
  }
}
