// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/** Key/value settings for later features; values are JSON text, checked so a bad write fails loudly. */
export const up = (db: MigrationDb): void => {
  db.exec(`
    CREATE TABLE settings (
      key TEXT PRIMARY KEY NOT NULL,
      value TEXT NOT NULL CHECK (json_valid(value))
    ) STRICT, WITHOUT ROWID;
  `);
};
