// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/**
 * The runs of one command line, for comparing runs (electron/store/queries/command-runs.ts). Keyed
 * by the exact line, then the directory, then the start: "this line in this directory, newest
 * first" is one ranged seek that stops at its bound, whatever else ran there or elsewhere; "this
 * line anywhere" seeks the same prefix and sorts only that line's runs. Neither commands_by_cwd
 * (0009: every command of a busy folder) nor commands_by_start (every command) bounds the walk.
 */
export const up = (db: MigrationDb): void => {
  db.exec(`
    CREATE INDEX commands_by_line ON commands (command_line, cwd, started_at);
  `);
};
