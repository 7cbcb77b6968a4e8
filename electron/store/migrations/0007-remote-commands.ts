// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/**
 * Where a command ran when it ran in a remote shell our ssh integration started (the host as
 * typed after `ssh`, and the remote user). A table of its own rather than columns on `commands`:
 * new columns land after `clean_output`, and reading them would walk that text's overflow pages
 * for every listed command. Readers fetch it with a primary-key probe per row (rows.ts), which
 * costs nothing measurable for local commands; rows go with their command.
 */
export const up = (db: MigrationDb): void => {
  db.exec(`
    CREATE TABLE command_remotes (
      command_id TEXT PRIMARY KEY REFERENCES commands (id) ON DELETE CASCADE,
      host TEXT NOT NULL,
      user TEXT
    ) STRICT, WITHOUT ROWID;
  `);
};
