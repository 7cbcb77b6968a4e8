// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';
import type { StatementCache } from '../database/database';
import { COMMAND_COLUMNS, toCommandRecord, type CommandRow } from '../database/rows';

/** Most runs one comparison reads: a timeline longer than this is not read at a glance anyway. */
export const COMMAND_RUNS_LIMIT = 200;

/**
 * Runs of one exact command line, newest first, on commands_by_line (migration 10): in the same
 * directory on the same host, or anywhere. `IS` rather than `=` so a command whose directory or
 * host was not recorded matches others like it (and still seeks the index).
 */
export const COMMAND_RUNS_SQL = {
  command: `SELECT ${COMMAND_COLUMNS} FROM commands c WHERE c.id = ?`,
  sameDirectory: `SELECT ${COMMAND_COLUMNS} FROM commands c
    WHERE c.command_line = ? AND c.cwd IS ? AND c.hostname IS ?
    ORDER BY c.started_at DESC, c.rid DESC LIMIT ?`,
  anywhere: `SELECT ${COMMAND_COLUMNS} FROM commands c
    WHERE c.command_line = ? ORDER BY c.started_at DESC, c.rid DESC LIMIT ?`,
} as const;

export interface CommandRuns {
  /** The command asked about. */
  readonly command: CommandRecord;
  /** Runs of its line, newest first, the command itself included (added when older than the bound). */
  readonly runs: CommandRecord[];
  /** True when more runs exist than were read. */
  readonly capped: boolean;
}

/**
 * The runs of `commandId`'s command line. Undefined for an unknown id; a command with no recorded
 * line has only itself. Reads one row past `limit` to know whether the list was cut.
 */
export const readCommandRuns = (
  statements: StatementCache,
  commandId: string,
  anywhere: boolean,
  limit: number,
): CommandRuns | undefined => {
  const row = statements.get(COMMAND_RUNS_SQL.command).get(commandId) as CommandRow | undefined;
  if (!row) return undefined;
  const command = toCommandRecord(row);
  if (command.commandLine === null) return { command, runs: [command], capped: false };
  const rows = (
    anywhere
      ? statements.get(COMMAND_RUNS_SQL.anywhere).all(command.commandLine, limit + 1)
      : statements.get(COMMAND_RUNS_SQL.sameDirectory).all(command.commandLine, command.cwd, command.hostname, limit + 1)
  ) as CommandRow[];
  const capped = rows.length > limit;
  const runs = rows.slice(0, limit).map(toCommandRecord);
  if (!runs.some((run) => run.id === command.id)) runs.push(command);
  return { command, runs, capped };
};
