// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/**
 * Who typed a command when it was not the user: `assistant` for a command the assistant proposed
 * and the user let run (or the allow-list ran). A table of its own for the reason 0007 gives
 * (new `commands` columns land after `clean_output`); rows go with their command.
 */
export const up = (db: MigrationDb): void => {
  db.exec(`
    CREATE TABLE command_actors (
      command_id TEXT PRIMARY KEY REFERENCES commands (id) ON DELETE CASCADE,
      actor TEXT NOT NULL CHECK (actor IN ('assistant'))
    ) STRICT, WITHOUT ROWID;
  `);
};
