// SPDX-License-Identifier: MIT
import { z } from 'zod';
import type { CommandRecord } from '../../shared/domain/command';
import { HistoryQuery, MAX_HISTORY_OFFSET, MAX_QUERY_CHARS, MAX_QUERY_WORDS } from '../../shared/domain/history-query';
import { parseTimeBound, TIME_BOUND_HELP } from '../../shared/domain/time-bounds';
import type { Redactor } from '../context/redaction';
import { CliError } from './cli-error';
import type { HistoryDb } from './history-db';
import { hostOf, newestFirst, searchRedacted } from './history-read';
import { cappedList } from './mcp-answer';
import { listed, LIST_LIMITS } from './mcp-tools';

/**
 * search_commands: its arguments, description and answer over ONE call into the history engine
 * (`searchHistory` below, the adapter the lead points at the engine when it lands).
 */

/** What the history engine answers a query with (electron/store/history-engine/, `searchForOutside`). */
export interface HistoryAnswer {
  readonly commands: CommandRecord[];
  /** How many records match in all, of which `commands` is the page at `offset`. */
  readonly total: number;
  /** False when `total` is a lower bound (the engine stopped counting). */
  readonly totalExact: boolean;
}

/**
 * True once this adapter calls the one history engine. Tests of what only the engine does
 * (records matching some of the words, filters with no query, exact totals) wait for it.
 */
export const ENGINE_SEARCH = false;

/** Records scanned for the interim filters below: the newest matches, as today's search ranks them. */
const INTERIM_SCAN = 1000;

const FILTER_KEYS = ['cwd', 'exitCode', 'failed', 'host', 'since', 'until', 'ranBy', 'sessionId'] as const;

const underDir = (cwd: string | null, dir: string): boolean => {
  if (cwd === null) return false;
  const base = dir.length > 1 ? dir.replace(/\/+$/, '') : dir;
  return cwd === base || cwd.startsWith(base.endsWith('/') ? base : `${base}/`);
};

const failed = (command: CommandRecord): boolean => command.interrupted === true || (command.exitCode !== null && command.exitCode !== 0);

const matches = (command: CommandRecord, query: HistoryQuery, redactor: Redactor): boolean => {
  if (query.cwd !== undefined && !underDir(command.cwd, query.cwd)) return false;
  if (query.exitCode !== undefined && command.exitCode !== query.exitCode) return false;
  if (query.failed !== undefined && failed(command) !== query.failed) return false;
  if (query.since !== undefined && command.startedAt < query.since) return false;
  if (query.until !== undefined && command.startedAt >= query.until) return false;
  if (query.ranBy !== undefined && (command.ranBy ?? 'user') !== query.ranBy) return false;
  if (query.sessionId !== undefined && command.sessionId !== query.sessionId) return false;
  if (query.host !== undefined) {
    const host = hostOf(command, redactor);
    if (host !== query.host && !host?.endsWith(`@${query.host}`)) return false;
  }
  return true;
};

/**
 * The one call the MCP server makes into the history. INTERIM, until the engine lands: the lead
 * replaces this body with `searchForOutside(db, redactor, query)` from history-read.ts and sets
 * ENGINE_SEARCH. Until then it asks today's search (every word must match, newest first; nothing
 * without a word, so a query of filters alone lists the newest commands) and applies the filters
 * to the newest INTERIM_SCAN of its records only, so `total` is then a lower bound.
 */
export const searchHistory = (db: HistoryDb, redactor: Redactor, query: HistoryQuery): HistoryAnswer => {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 20;
  const words = /[\p{L}\p{N}]/u.test(query.query);
  const filtered = FILTER_KEYS.some((key) => query[key] !== undefined);
  // Without filters, one record past the page is enough to know whether there are more.
  const scan = filtered ? INTERIM_SCAN : Math.min(INTERIM_SCAN, offset + limit + 1);
  const scanned = words ? searchRedacted(db, redactor, query.query, scan) : db.read((queries) => queries.commandsInWindow(0, scan)).sort(newestFirst);
  const kept = scanned.filter((command) => matches(command, query, redactor));
  return { commands: kept.slice(offset, offset + limit), total: kept.length, totalExact: scanned.length < scan };
};

const { fallback, max } = LIST_LIMITS.search;

/**
 * search_commands' arguments: the engine's query and filters (shared/domain/history-query.ts) in
 * snake_case, with `since`/`until` as words (an ISO date or `2h`), as the CLI's flags take them.
 * Strict: a filter the tool does not know (`directory` for `cwd`) is refused by name, not ignored,
 * or the agent would read an unfiltered answer as a filtered one.
 */
export const SearchArgs = z.strictObject({
  query: z.string().max(MAX_QUERY_CHARS).optional().describe(`Words to find in command lines and output (at most ${MAX_QUERY_CHARS.toLocaleString('en-US')} characters; the first ${MAX_QUERY_WORDS} words count). Punctuation and operators are plain text.`),
  cwd: z.string().min(1).max(4096).optional().describe('Only commands run in this directory or below it.'),
  exit_code: z.number().int().optional().describe('Only commands that exited with this code.'),
  failed: z.boolean().optional().describe('true: only commands that failed (non-zero exit or interrupted); false: only those that did not.'),
  host: z.string().min(1).max(256).optional().describe('Only commands run on this machine: a hostname, or user@host of an ssh session.'),
  since: z.string().min(1).max(64).optional().describe(`Only commands started at or after this: ${TIME_BOUND_HELP}.`),
  until: z.string().min(1).max(64).optional().describe(`Only commands started before this: ${TIME_BOUND_HELP}.`),
  ran_by: z.enum(['user', 'assistant']).optional().describe('Only commands typed by the user, or run by the Contexterm assistant.'),
  session_id: z.string().min(1).max(128).optional().describe('Only commands of this session (ids from list_sessions).'),
  limit: z.number().int().min(1).max(max).optional().describe(`How many records (default ${fallback}, at most ${max}).`),
  offset: z.number().int().min(0).max(MAX_HISTORY_OFFSET).optional().describe('Records to skip, to page on: pass the answer\'s next_offset.'),
});
export type SearchArgs = z.infer<typeof SearchArgs>;

export const SEARCH_DESCRIPTION =
  'Search the terminal commands Contexterm recorded. The words of query match the command line and the output; ' +
  (ENGINE_SEARCH
    ? 'records that match more of the words rank first, newest breaking ties, and a record need not contain every word. '
    : 'a record must contain every word (the last may be a prefix), newest first. ') +
  'Without a query, the newest commands are listed. Filters narrow the answer and combine: cwd (that directory and below), ' +
  'exit_code, failed, host, since and until (an ISO date such as 2026-12-01 or a duration back from now such as 2h or 3d), ' +
  `ran_by, session_id. limit is at most ${max} (default ${fallback}); total says how many match, and next_offset pages on. ` +
  'Returns ids for get_commands and get_command_output.';

const bound = (name: 'since' | 'until', text: string | undefined, now: number): number | undefined => {
  if (text === undefined) return undefined;
  const value = parseTimeBound(text, now);
  if (value === undefined) throw new CliError('usage', `${name} "${text.slice(0, 64)}" is not a time: give ${TIME_BOUND_HELP}`);
  return value;
};

/** The engine's query for these arguments; a refused `since`/`until` throws a usage error saying what is accepted. */
export const toHistoryQuery = (args: SearchArgs, now: number = Date.now()): HistoryQuery =>
  HistoryQuery.parse({
    query: args.query ?? '',
    mode: 'words',
    cwd: args.cwd,
    exitCode: args.exit_code,
    failed: args.failed,
    host: args.host,
    since: bound('since', args.since, now),
    until: bound('until', args.until, now),
    ranBy: args.ran_by,
    sessionId: args.session_id,
    limit: args.limit ?? fallback,
    offset: args.offset ?? 0,
  });

const FEWER = 'Left out to keep this answer within 80,000 characters: ask for a smaller limit, or page on with next_offset.';

/** The answer: one page of records, how many match in all, and where the next page starts. */
export const searchCommandsTool = (db: HistoryDb, redactor: Redactor, query: HistoryQuery): Record<string, unknown> => {
  const offset = query.offset ?? 0;
  const found = searchHistory(db, redactor, query);
  // Room kept for next_offset, set once we know how many records fit.
  const value = cappedList('commands', found.commands.map((command) => listed(command, redactor)), FEWER, { total: found.total, total_exact: found.totalExact, offset }, 40);
  const shown = (value.commands as unknown[]).length;
  const more = offset + shown < found.total || (!found.totalExact && shown > 0);
  return { ...value, next_offset: more ? offset + shown : null };
};
