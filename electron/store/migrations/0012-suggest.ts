// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/**
 * Inline suggestions at the prompt (electron/store/queries/suggest-lines.ts) ask on every keystroke
 * for the lines run in this directory that start with what is typed. Keyed by the directory, then
 * the line: one ranged seek bounded by the prefix, and covering (start and exit code included), so
 * ranking them reads no table row. commands_by_cwd (0009) would walk every command of the folder.
 */
export const up = (db: MigrationDb): void => {
  db.exec(`
    CREATE INDEX commands_suggest_here ON commands (cwd, command_line, started_at, exit_code);
  `);
};
