// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import { outwardRecord, outwardSession } from '../context/outward/outward-view';
import type { Redactor } from '../context/redaction';
import { DEFAULT_GET_COMMANDS_OPTIONS, getCommands, toolResultJson } from '../context/request/get-commands-tool';
import { buildSessionsContext, cleanOutputReader, RecentCommands, type SessionCommands } from '../context/request/recent-commands';
import { SESSION_COLUMNS, toSessionInfo, type SessionRow } from '../store/queries/rows';
import type { HistoryDb } from './history-db';
import { hostOf, newestFirst, searchRedacted } from './history-read';

/** One call's whole answer stays within what a get_commands call may bring into a model's context. */
export const MAX_RESULT_CHARS = DEFAULT_GET_COMMANDS_OPTIONS.maxTotalChars;
/** Each listed command carries the start and end of its output (output_summary), at most this long. */
const SUMMARY_CHARS = 1000;
export const LIST_LIMITS = { search: { fallback: 20, max: 50 }, recent: { fallback: 10, max: 50 }, sessions: { fallback: 20, max: 100 } } as const;

/** `items` as `{[key]: items}`, dropping from the end (and saying how many) until it fits the budget. */
const capped = (key: string, items: readonly unknown[], extra: Record<string, unknown> = {}): string => {
  let kept = items.length;
  for (;;) {
    const omitted = items.length - kept;
    const text = JSON.stringify({ [key]: items.slice(0, kept), ...extra, ...(omitted > 0 ? { omitted_for_size: omitted } : {}) });
    if (text.length <= MAX_RESULT_CHARS || kept === 0) return text;
    kept = Math.max(0, Math.min(kept - 1, Math.floor((kept * MAX_RESULT_CHARS) / text.length)));
  }
};

const listed = (command: CommandRecord, redactor: Redactor) => {
  // Redacted whole, then cut to SUMMARY_CHARS (see electron/context/outward/outward-view.ts).
  const shown = outwardRecord(command, redactor);
  const summary = shown.outputSummary;
  return {
    command_id: command.id,
    session_id: command.sessionId,
    command_line: shown.commandLine,
    cwd: shown.cwd,
    host: hostOf(command, redactor),
    exit_code: command.exitCode,
    ...(command.interrupted ? { interrupted: true } : {}),
    started_at: new Date(command.startedAt).toISOString(),
    output_summary: summary.length > SUMMARY_CHARS ? `${summary.slice(0, SUMMARY_CHARS)}…` : summary,
  };
};

export const searchCommandsTool = (db: HistoryDb, redactor: Redactor, query: string, limit: number): string =>
  capped('commands', searchRedacted(db, redactor, query, limit).map((command) => listed(command, redactor)));

export const recentCommandsTool = (db: HistoryDb, redactor: Redactor, limit: number): string =>
  capped('commands', db.read((queries) => queries.commandsInWindow(0, limit)).sort(newestFirst).map((command) => listed(command, redactor)));

export const listSessionsTool = (db: HistoryDb, redactor: Redactor, limit: number): string => {
  const rows = db.read((_, sql) => sql.prepare(`SELECT ${SESSION_COLUMNS} FROM sessions ORDER BY started_at DESC, id LIMIT ?`).all(limit)) as SessionRow[];
  const sessions = rows.map(toSessionInfo).map((info) => outwardSession(info, redactor)).map((session) => ({
    session_id: session.id,
    title: session.title,
    shell: session.shell,
    hostname: session.hostname,
    cwd: session.cwd,
    started_at: new Date(session.startedAt).toISOString(),
    ended_at: session.endedAt === null ? null : new Date(session.endedAt).toISOString(),
  }));
  return capped('sessions', sessions);
};

const commandSource = (db: HistoryDb) => ({
  commandsByIds: (ids: readonly string[]) => db.read((queries) => queries.commandsByIds(ids)),
  readCleanOutput: (id: string) => db.read((queries) => queries.readCleanOutput(id)),
});

/**
 * The model's own get_commands (electron/context/request/get-commands-tool.ts): same fields, line
 * cuts, per-command and per-call budgets, redaction. `host` is added for local commands too.
 */
export const getCommandsTool = async (db: HistoryDb, redactor: Redactor, ids: readonly string[]): Promise<string> => {
  const result = await getCommands(commandSource(db), ids, redactor, DEFAULT_GET_COMMANDS_OPTIONS);
  const hosts = new Map(db.read((queries) => queries.commandsByIds(result.commands.map((c) => c.commandId))).map((c) => [c.id, hostOf(c, redactor)]));
  const json = JSON.parse(toolResultJson(result)) as { commands: Array<Record<string, unknown>> };
  json.commands = json.commands.map((c) => ({ ...c, host: c.host ?? hosts.get(c.command_id as string) ?? null }));
  return JSON.stringify(json);
};

/**
 * "What happened recently" as the assistant's context builder writes it (recent-commands.ts): the
 * newest commands, each session under its header, with ids, output cut to head and tail; redacted.
 */
export const recentActivityText = async (db: HistoryDb, redactor: Redactor): Promise<string> => {
  const strategy = new RecentCommands({ withIds: true });
  const recent = db.read((queries) => queries.commandsInWindow(0, strategy.options.maxCommands));
  const groups: SessionCommands[] = [];
  for (const command of recent) {
    const last = groups[groups.length - 1];
    if (last?.sessionId === command.sessionId) (last.commands as CommandRecord[]).push(command);
    else groups.push({ sessionId: command.sessionId, commands: [command] });
  }
  // Each record through the outward view (whole output redacted before its cut), then the whole text once more.
  const text = redactor.redact(await buildSessionsContext(groups, strategy, cleanOutputReader(commandSource(db)), redactor)).text;
  if (text === '') return 'No commands recorded yet.';
  return text.length <= MAX_RESULT_CHARS ? text : `…\n${text.slice(text.length - MAX_RESULT_CHARS)}`;
};
