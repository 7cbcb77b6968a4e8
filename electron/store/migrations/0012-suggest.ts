// SPDX-License-Identifier: MIT
import type { MigrationDb } from './migration';

/**
 * Inline suggestions at the prompt (electron/store/queries/suggest-lines.ts) ask on every keystroke
 * for the lines run in this directory that start with what is typed, and both indexes cover what
 * ranks them (start, exit code), so no table row is read. `here`: the directory, then the line,
 * one ranged seek bounded by the prefix, for a prefix with few runs there. `recent`: the directory
 * newest first, for a prefix too common to rank every run (a bounded walk of its newest commands).
 * commands_by_cwd (0009) has no line, so either would read a table row per command.
 */
export const up = (db: MigrationDb): void => {
  db.exec(`
    CREATE INDEX commands_suggest_here ON commands (cwd, command_line, started_at, exit_code);
    CREATE INDEX commands_suggest_recent ON commands (cwd, started_at, command_line, exit_code);
  `);
};
