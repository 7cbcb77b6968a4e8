// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { MAX_HISTORY_OFFSET, MAX_QUERY_CHARS, MAX_QUERY_WORDS } from '../../shared/domain/history-limits';
import { HistoryQuery } from '../../shared/domain/history-query';
import { parseTimeBound, TIME_BOUND_HELP } from '../../shared/domain/time-bounds';
import type { Redactor } from '../context/redaction';
import { CliError } from './cli-error';
import type { HistoryDb } from './history-db';
import { searchForOutside } from './history-read';
import { cappedList } from './mcp-answer';
import { listed, LIST_LIMITS } from './mcp-tools';

/**
 * search_commands: its arguments, description and answer over one call into the history engine
 * through the outward gate (`searchForOutside` in history-read.ts), the call the CLI makes too.
 */

const { fallback, max } = LIST_LIMITS.search;

/**
 * search_commands' arguments: the engine's query and filters (shared/domain/history-query.ts) in
 * snake_case, with `since`/`until` as words (an ISO date or `2h`), as the CLI's flags take them.
 * Strict: a filter the tool does not know (`directory` for `cwd`) is refused by name, not ignored,
 * or the agent would read an unfiltered answer as a filtered one.
 */
export const SearchArgs = z.strictObject({
  query: z
    .string()
    .max(MAX_QUERY_CHARS)
    .optional()
    .describe(
      `Words to find in command lines and output (at most ${MAX_QUERY_CHARS.toLocaleString('en-US')} characters; the first ${MAX_QUERY_WORDS} words count). Punctuation and operators are plain text.`,
    ),
  cwd: z.string().min(1).max(4096).optional().describe('Only commands run in this directory or below it.'),
  exit_code: z.number().int().optional().describe('Only commands that exited with this code.'),
  failed: z
    .boolean()
    .optional()
    .describe('true: only commands that failed (non-zero exit or interrupted); false: only those that did not.'),
  host: z.string().min(1).max(256).optional().describe('Only commands run on this machine: a hostname, or user@host of an ssh session.'),
  since: z.string().min(1).max(64).optional().describe(`Only commands started at or after this: ${TIME_BOUND_HELP}.`),
  until: z.string().min(1).max(64).optional().describe(`Only commands started before this: ${TIME_BOUND_HELP}.`),
  ran_by: z.enum(['user', 'assistant']).optional().describe('Only commands typed by the user, or run by the Contexterm assistant.'),
  session_id: z.string().min(1).max(128).optional().describe('Only commands of this session (ids from list_sessions).'),
  limit: z.number().int().min(1).max(max).optional().describe(`How many records (default ${fallback}, at most ${max}).`),
  offset: z
    .number()
    .int()
    .min(0)
    .max(MAX_HISTORY_OFFSET)
    .optional()
    .describe("Records to skip, to page on: pass the answer's next_offset."),
});
export type SearchArgs = z.infer<typeof SearchArgs>;

export const SEARCH_DESCRIPTION =
  'Search the terminal commands Contexterm recorded. The words of query match the command line and the output; ' +
  'records that match more of the words rank first, newest breaking ties, and a record need not contain every word. ' +
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
  const found = searchForOutside(db, redactor, query);
  // Room kept for next_offset, set once we know how many records fit.
  const value = cappedList(
    'commands',
    found.commands.map((command) => listed(command, redactor)),
    FEWER,
    { total: found.total, total_exact: found.totalExact, offset },
    40,
  );
  const shown = (value.commands as unknown[]).length;
  const more = offset + shown < found.total || (!found.totalExact && shown > 0);
  return { ...value, next_offset: more ? offset + shown : null };
};
