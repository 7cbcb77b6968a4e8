// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import { outwardRecord, outwardSession } from '../context/outward/outward-view';
import type { Redactor } from '../context/redaction';
import { DEFAULT_GET_COMMANDS_OPTIONS, getCommands, toolResultJson } from '../context/request/get-commands-tool';
import { buildSessionsContext, cleanOutputReader, RecentCommands, type SessionCommands } from '../context/request/recent-commands';
import { SESSION_COLUMNS, toSessionInfo, type SessionRow } from '../store/database/rows';
import type { HistoryDb } from './history-db';
import { hostOf, newestFirst } from './history-read';
import { answerSize, cappedList, fittedTail, MAX_ANSWER_CHARS, type ListedCommand } from './mcp-answer';

/** Each listed command carries the start and end of its output (output_summary), at most this long. */
const SUMMARY_CHARS = 1000;
export const LIST_LIMITS = {
  search: { fallback: 20, max: 50 },
  recent: { fallback: 10, max: 50 },
  sessions: { fallback: 20, max: 100 },
} as const;
const FEWER = 'Left out to keep this answer within 80,000 characters: ask for a smaller limit, or get_commands for a few ids at a time.';

export const listed = (command: CommandRecord, redactor: Redactor): ListedCommand => {
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
    ran_by: command.ranBy ?? 'user',
    started_at: new Date(command.startedAt).toISOString(),
    duration_ms: command.endedAt === null ? null : Math.max(0, Math.round(command.endedAt - command.startedAt)),
    output_summary: summary.length > SUMMARY_CHARS ? `${summary.slice(0, SUMMARY_CHARS)}…` : summary,
  };
};

export const recentCommandsTool = (db: HistoryDb, redactor: Redactor, limit: number): Record<string, unknown> =>
  cappedList(
    'commands',
    db
      .read((queries) => queries.commandsInWindow(0, limit))
      .sort(newestFirst)
      .map((command) => listed(command, redactor)),
    FEWER,
  );

export const listSessionsTool = (db: HistoryDb, redactor: Redactor, limit: number): Record<string, unknown> => {
  const rows = db.read((_, sql) =>
    sql.prepare(`SELECT ${SESSION_COLUMNS} FROM sessions ORDER BY started_at DESC, id LIMIT ?`).all(limit),
  ) as SessionRow[];
  const sessions = rows
    .map(toSessionInfo)
    .map((info) => outwardSession(info, redactor))
    .map((session) => ({
      session_id: session.id,
      title: session.title,
      shell: session.shell,
      hostname: session.hostname,
      cwd: session.cwd,
      started_at: new Date(session.startedAt).toISOString(),
      ended_at: session.endedAt === null ? null : new Date(session.endedAt).toISOString(),
    }));
  return cappedList('sessions', sessions, 'Left out to keep this answer within 80,000 characters: ask for a smaller limit.');
};

const commandSource = (db: HistoryDb) => ({
  commandsByIds: (ids: readonly string[]) => db.read((queries) => queries.commandsByIds(ids)),
  readCleanOutput: (id: string) => db.read((queries) => queries.readCleanOutput(id)),
});

interface FetchedJson {
  commands: Array<Record<string, unknown>>;
  unknown_ids?: string[];
  note?: string;
  omitted_ids?: string[];
}

/** The model's own get_commands with a total budget of `maxTotalChars`, `host` added for local commands too. */
const fetchJson = async (db: HistoryDb, redactor: Redactor, ids: readonly string[], maxTotalChars: number): Promise<FetchedJson> => {
  const result = await getCommands(commandSource(db), ids, redactor, { ...DEFAULT_GET_COMMANDS_OPTIONS, maxTotalChars });
  const hosts = new Map(
    db.read((queries) => queries.commandsByIds(result.commands.map((c) => c.commandId))).map((c) => [c.id, hostOf(c, redactor)]),
  );
  const json = JSON.parse(toolResultJson(result)) as FetchedJson;
  json.commands = json.commands.map((c) => ({ ...c, host: c.host ?? hosts.get(c.command_id as string) ?? null }));
  return json;
};

const noted = (json: FetchedJson, note: string): FetchedJson => ({ ...json, note: json.note ? `${json.note} ${note}` : note });

/**
 * The model's own get_commands (electron/context/request/get-commands-tool.ts): same fields, line
 * cuts, per-command budget, redaction; but the whole answer, serialized, within MAX_ANSWER_CHARS.
 * JSON escaping can make text up to six times longer, so the budget is measured, then shrunk and
 * tried again; should command lines alone be too long, the last commands are left out, by id.
 */
export const getCommandsTool = async (db: HistoryDb, redactor: Redactor, ids: readonly string[]): Promise<Record<string, unknown>> => {
  // Both copies of the answer travel (text and structuredContent): each gets about half.
  let budget = MAX_ANSWER_CHARS / 2;
  let json = await fetchJson(db, redactor, ids, budget);
  for (let tries = 0; answerSize({ ...json }) > MAX_ANSWER_CHARS && tries < 6; tries++) {
    budget = Math.floor((budget * MAX_ANSWER_CHARS * 0.95) / answerSize({ ...json }));
    json = await fetchJson(db, redactor, ids, budget);
  }
  if (json.commands.length > 1 && json.commands.some((c) => typeof c.omitted_chars === 'number')) {
    json = noted(json, 'Outputs were cut to keep this answer within 80,000 characters: ask for fewer ids at once to see more of each.');
  }
  const omitted: string[] = [];
  // Room for the note that says so.
  while (answerSize({ ...json }) > MAX_ANSWER_CHARS - 400 && json.commands.length > 0) {
    omitted.unshift(json.commands[json.commands.length - 1]!.command_id as string);
    json = { ...json, commands: json.commands.slice(0, -1), omitted_ids: omitted };
  }
  if (omitted.length > 0) json = noted(json, 'omitted_ids did not fit in this answer: ask for them in another call.');
  return { ...json };
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
  return fittedTail(text);
};
