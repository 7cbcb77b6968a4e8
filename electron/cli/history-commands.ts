// SPDX-License-Identifier: MIT
import { statSync } from 'node:fs';
import type { CommandRecord } from '../../shared/domain/command';
import type { HistoryQuery } from '../../shared/domain/history-query';
import { displayLine } from '../../shared/text/display-text';
import { outwardLine, outwardOutput, withholdsOutput } from '../context/outward/outward-view';
import type { Redactor } from '../context/redaction';
import { leadingProgram } from '../context/outward/secret-commands';
import { cleanOutput } from '../segmenter/clean-text';
import { CliError } from './cli-error';
import type { HistoryDb } from './history-db';
import { commandSummary, hostOf, redactedLine, searchForOutside } from './history-read';
import { redactRawOutput } from './redacted-output';
import { sgrOnly } from './sgr-only';

/** The most raw output `show` reads for one command (one still running has no end yet). */
const SHOW_MAX_BYTES = 64 << 20;

const time = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

const exitText = (command: CommandRecord): string =>
  command.interrupted ? 'cut' : command.exitCode === null ? '-' : String(command.exitCode);

/** One `history search --json` row: the summary, and where, how long and by whom (docs/cli-and-mcp.md). */
const searchRow = (command: CommandRecord, redactor: Redactor) => ({
  ...commandSummary(command, redactor),
  host: hostOf(command, redactor),
  session_id: command.sessionId,
  duration_ms: command.endedAt === null ? null : Math.max(0, command.endedAt - command.startedAt),
  ran_by: command.ranBy ?? 'user',
});

/**
 * `history search`: text lines or the JSON array, in the one engine's order (words mode, as the
 * Commands panel and MCP); an empty result is not an error (exit 0).
 */
export const searchHistory = (db: HistoryDb, redactor: Redactor, query: HistoryQuery, json: boolean): string => {
  const found = searchForOutside(db, redactor, query).commands;
  if (json) return `${JSON.stringify(found.map((command) => searchRow(command, redactor)))}\n`;
  return found
    .map(
      (c) =>
        `${c.id}\t${time(c.startedAt)}\t${exitText(c)}\t${outwardLine(c.cwd, redactor) ?? ''}\t${displayLine(redactedLine(c, redactor)) ?? ''}\n`,
    )
    .join('');
};

const findCommand = (db: HistoryDb, id: string): CommandRecord => {
  const [command] = db.read((queries) => queries.commandsByIds([id]));
  if (!command) throw new CliError('not-found', `no recorded command ${displayLine(id)} (it may have been forgotten or pruned)`);
  return command;
};

/**
 * `history show`: the output as recorded, redacted. Coloured for a terminal (unless `plain`; colours
 * only, see sgr-only.ts), clean text otherwise; JSON always carries the clean text.
 */
export const showCommand = (db: HistoryDb, redactor: Redactor, id: string, options: { coloured: boolean; json: boolean }): string => {
  const command = findCommand(db, id);
  const end = command.outputEnd ?? command.outputStart + SHOW_MAX_BYTES;
  const raw = db.read((queries) => queries.readOutput(command.sessionId, command.outputStart, end)).toString('utf8');
  if (options.json) {
    return `${JSON.stringify({
      ...commandSummary(command, redactor),
      session_id: command.sessionId,
      host: hostOf(command, redactor),
      ended_at: command.endedAt,
      interrupted: command.interrupted,
      output: outwardOutput(command.commandLine, cleanOutput(raw), redactor).text,
    })}\n`;
  }
  if (!options.coloured || withholdsOutput(command.commandLine, redactor)) {
    const text = outwardOutput(command.commandLine, cleanOutput(raw), redactor).text;
    return text === '' || text.endsWith('\n') ? text : `${text}\n`;
  }
  // Sanitised first, so that what is checked for secrets is what the terminal will be given.
  const out = redactRawOutput(sgrOnly(raw), redactor);
  // Reset attributes a cut-off recording may have left set, so the user's prompt comes back plain.
  return out.coloured ? `${out.text}\x1b[0m` : out.text;
};

interface Stats {
  sessions: number;
  commands: number;
  failed: number;
  recorded_bytes: number;
  database_bytes: number;
  first_command_at: number | null;
  last_command_at: number | null;
  top_programs: Array<{ program: string; count: number }>;
}

/** Each distinct command line once, with how often it ran: the program is read from it in JS. */
const LINE_COUNTS_SQL = `SELECT command_line AS line, count(*) AS count FROM commands WHERE command_line IS NOT NULL GROUP BY command_line`;

const TOP_PROGRAMS = 10;

/**
 * The most run programs, named as the shell finds them (secret-commands.ts's scan): a first word
 * cut at the space counted `clear;` and `(exit` as programs. Lines that run nothing are left out.
 */
const topPrograms = (lines: ReadonlyArray<{ line: string; count: number }>): Array<{ program: string; count: number }> => {
  const counts = new Map<string, number>();
  for (const { line, count } of lines) {
    const program = leadingProgram(line);
    if (program !== null) counts.set(program, (counts.get(program) ?? 0) + count);
  }
  return [...counts]
    .map(([program, count]) => ({ program, count }))
    .sort((a, b) => b.count - a.count || (a.program < b.program ? -1 : a.program > b.program ? 1 : 0))
    .slice(0, TOP_PROGRAMS);
};

const fileSize = (path: string): number => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

export const historyStats = (db: HistoryDb, redactor: Redactor): Stats =>
  db.read((_, sql) => {
    const totals = sql
      .prepare(
        `SELECT (SELECT count(*) FROM sessions) AS sessions, (SELECT coalesce(sum(raw_bytes), 0) FROM sessions) AS recorded,
           count(*) AS commands, coalesce(sum(exit_code IS NOT NULL AND exit_code != 0), 0) AS failed,
           min(started_at) AS first, max(started_at) AS last FROM commands`,
      )
      .get() as { sessions: number; recorded: number; commands: number; failed: number; first: number | null; last: number | null };
    const top = topPrograms(sql.prepare(LINE_COUNTS_SQL).all() as Array<{ line: string; count: number }>);
    return {
      sessions: totals.sessions,
      commands: totals.commands,
      failed: totals.failed,
      recorded_bytes: totals.recorded,
      database_bytes: fileSize(db.path) + fileSize(`${db.path}-wal`),
      first_command_at: totals.first,
      last_command_at: totals.last,
      top_programs: top.map(({ program, count }) => ({ program: outwardLine(program, redactor) ?? '', count })),
    };
  });

const megabytes = (bytes: number): string => `${(bytes / 1048576).toFixed(1)} MB`;

export const formatStats = (stats: Stats, json: boolean): string => {
  if (json) return `${JSON.stringify(stats)}\n`;
  const range = stats.first_command_at === null ? 'none' : `${time(stats.first_command_at)} – ${time(stats.last_command_at!)} (UTC)`;
  const lines = [
    `sessions        ${stats.sessions}`,
    `commands        ${stats.commands} (${stats.failed} failed)`,
    `recorded output ${megabytes(stats.recorded_bytes)}`,
    `database        ${megabytes(stats.database_bytes)}`,
    `commands from   ${range}`,
    'top programs',
    ...stats.top_programs.map(({ program, count }) => `  ${String(count).padStart(7)}  ${program}`),
  ];
  return `${lines.join('\n')}\n`;
};
