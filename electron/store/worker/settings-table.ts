// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import type { KeyValueStore } from '../../../shared/settings/key-value-store';

/**
 * The store's `settings` table (JSON values) as the settings service's key/value store. It runs in
 * the writer worker on the store's one write connection; main reaches it through `store.tables`.
 */
export class SqliteKeyValueStore implements KeyValueStore {
  constructor(private readonly _db: Database.Database) {}

  async get(key: string): Promise<string | undefined> {
    const row = this._db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  async set(key: string, value: string): Promise<void> {
    this._db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
      .run(key, value);
  }
}
