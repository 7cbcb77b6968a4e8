// SPDX-License-Identifier: MIT
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
// Types only: the schema module loads zod, which `--version` and `--help` must not wait for.
import { MAX_QUERY_CHARS } from '../../shared/domain/history-limits';
import type { HistoryQuery } from '../../shared/domain/history-query';
import { parseTimeBound, TIME_BOUND_HELP } from '../../shared/domain/time-bounds';
import { CliError } from './cli-error';
import { parseSync, type SyncCommand } from './sync/sync-args';
import { EXPORT_USAGE, HISTORY_USAGE, MAIN_USAGE, MCP_USAGE, SEARCH_USAGE, SESSIONS_USAGE, SHOW_USAGE, STATS_USAGE } from './usage';

/**
 * What the user asked for, parsed and checked. `help` carries the text to print; `asked` is false
 * when a group was given no command (`contexterm history`): a script that forgot its command gets
 * the help on stderr and the usage code, not an exit 0 that looks like an answer.
 */
export type CliCommand =
  | { readonly kind: 'help'; readonly text: string; readonly asked: boolean }
  | { readonly kind: 'version' }
  | { readonly kind: 'search'; readonly dataDir?: string; readonly query: HistoryQuery; readonly json: boolean }
  | { readonly kind: 'show'; readonly dataDir?: string; readonly id: string; readonly plain: boolean; readonly json: boolean }
  | {
      readonly kind: 'export';
      readonly dataDir?: string;
      readonly sessionId: string;
      readonly format: 'json' | 'asciicast';
      readonly output?: string;
    }
  | { readonly kind: 'stats'; readonly dataDir?: string; readonly json: boolean }
  | { readonly kind: 'sessions'; readonly dataDir?: string; readonly limit: number; readonly json: boolean }
  | { readonly kind: 'mcp'; readonly dataDir?: string }
  | { readonly kind: 'sync'; readonly command: SyncCommand };

type Option = { type: 'string' | 'boolean'; short?: string };
const COMMON: Record<string, Option> = { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } };

/** node:util's parseArgs (no dependency, the same as electron/web/args.ts), its errors as usage errors. */
const parse = (argv: readonly string[], options: Record<string, Option>, name: string) => {
  try {
    const parsed = parseArgs({ args: [...argv], options: { ...COMMON, ...options }, strict: true, allowPositionals: true });
    return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
  } catch (error) {
    throw new CliError('usage', `${(error as Error).message.split(/\.\s/)[0]} (see 'contexterm ${name} --help')`);
  }
};

const dataDirOf = (values: Record<string, string | boolean | undefined>): { dataDir?: string } => {
  const dir = values['data-dir'];
  if (dir === '') throw new CliError('usage', '--data-dir needs a directory');
  return typeof dir === 'string' ? { dataDir: dir } : {};
};

const onePositional = (positionals: readonly string[], what: string, command: string): string => {
  if (positionals.length === 0 || positionals[0]!.trim() === '')
    throw new CliError('usage', `${command} needs ${what} (see 'contexterm history ${command} --help')`);
  if (positionals.length > 1)
    throw new CliError('usage', `${command} takes one ${what}, got ${positionals.length} (quote a query of several words)`);
  return positionals[0]!;
};

const parseLimit = (raw: string | boolean | undefined, fallback: number, max: number): number => {
  if (raw === undefined) return fallback;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > max)
    throw new CliError('usage', `--limit must be a whole number from 1 to ${max}, got ${String(raw)}`);
  return limit;
};

const SEARCH_OPTIONS: Record<string, Option> = {
  limit: { type: 'string' },
  json: { type: 'boolean' },
  cwd: { type: 'string' },
  exit: { type: 'string' },
  failed: { type: 'boolean' },
  host: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  'ran-by': { type: 'string' },
  session: { type: 'string' },
};

const timeBound = (flag: string, raw: string | boolean | undefined): number | undefined => {
  if (typeof raw !== 'string') return undefined;
  const at = parseTimeBound(raw);
  if (at === undefined) throw new CliError('usage', `--${flag} takes ${TIME_BOUND_HELP}, got '${raw}'`);
  return at;
};

const nonEmpty = (flag: string, raw: string | boolean | undefined, max: number): string | undefined => {
  if (typeof raw !== 'string') return undefined;
  if (raw.trim() === '' || raw.length > max) throw new CliError('usage', `--${flag} needs a value of 1 to ${max} characters`);
  return raw;
};

/** `history search [QUERY] [filters]` as the one engine's query (words mode); filters alone list the newest. */
const searchQuery = (query: string, values: Record<string, string | boolean | undefined>): HistoryQuery => {
  if (query.length > MAX_QUERY_CHARS) throw new CliError('usage', `QUERY is ${query.length} characters, at most ${MAX_QUERY_CHARS}`);
  const exit = values.exit;
  if (exit !== undefined && !/^-?\d{1,10}$/.test(String(exit)))
    throw new CliError('usage', `--exit takes a whole number (an exit code), got '${String(exit)}'`);
  const ranBy = values['ran-by'];
  if (ranBy !== undefined && ranBy !== 'user' && ranBy !== 'assistant')
    throw new CliError('usage', `--ran-by takes user or assistant, got '${String(ranBy)}'`);
  const cwd = nonEmpty('cwd', values.cwd, 4096);
  const host = nonEmpty('host', values.host, 256);
  const sessionId = nonEmpty('session', values.session, 128);
  const since = timeBound('since', values.since);
  const until = timeBound('until', values.until);
  return {
    query,
    mode: 'words',
    limit: parseLimit(values.limit, 50, 1000),
    // Relative to where the user is, as every other path on a command line.
    ...(cwd !== undefined ? { cwd: resolve(cwd) } : {}),
    ...(exit !== undefined ? { exitCode: Number(exit) } : {}),
    ...(values.failed === true ? { failed: true } : {}),
    ...(host !== undefined ? { host } : {}),
    ...(since !== undefined ? { since } : {}),
    ...(until !== undefined ? { until } : {}),
    ...(ranBy !== undefined ? { ranBy } : {}),
    ...(sessionId !== undefined ? { sessionId } : {}),
  };
};

const parseHistory = (sub: string | undefined, rest: readonly string[]): CliCommand => {
  switch (sub) {
    case 'search': {
      const { values, positionals } = parse(rest, SEARCH_OPTIONS, 'history search');
      if (values.help) return { kind: 'help', text: SEARCH_USAGE, asked: true };
      if (positionals.length > 1)
        throw new CliError('usage', `search takes one QUERY, got ${positionals.length} (quote a query of several words)`);
      return { kind: 'search', ...dataDirOf(values), query: searchQuery(positionals[0] ?? '', values), json: values.json === true };
    }
    case 'show': {
      const { values, positionals } = parse(rest, { plain: { type: 'boolean' }, json: { type: 'boolean' } }, 'history show');
      if (values.help) return { kind: 'help', text: SHOW_USAGE, asked: true };
      return {
        kind: 'show',
        ...dataDirOf(values),
        id: onePositional(positionals, 'a command ID', 'show'),
        plain: values.plain === true,
        json: values.json === true,
      };
    }
    case 'export': {
      const { values, positionals } = parse(rest, { format: { type: 'string' }, output: { type: 'string', short: 'o' } }, 'history export');
      if (values.help) return { kind: 'help', text: EXPORT_USAGE, asked: true };
      const format = values.format ?? 'json';
      if (format !== 'json' && format !== 'asciicast')
        throw new CliError('usage', `--format must be json or asciicast, got ${String(format)}`);
      const sessionId = onePositional(positionals, 'a SESSION id', 'export');
      return {
        kind: 'export',
        ...dataDirOf(values),
        sessionId,
        format,
        ...(typeof values.output === 'string' ? { output: values.output } : {}),
      };
    }
    case 'stats': {
      const { values, positionals } = parse(rest, { json: { type: 'boolean' } }, 'history stats');
      if (values.help) return { kind: 'help', text: STATS_USAGE, asked: true };
      if (positionals.length > 0) throw new CliError('usage', `stats takes no arguments, got '${positionals[0]}'`);
      return { kind: 'stats', ...dataDirOf(values), json: values.json === true };
    }
    case 'sessions': {
      const { values, positionals } = parse(rest, { limit: { type: 'string' }, json: { type: 'boolean' } }, 'history sessions');
      if (values.help) return { kind: 'help', text: SESSIONS_USAGE, asked: true };
      if (positionals.length > 0) throw new CliError('usage', `sessions takes no arguments, got '${positionals[0]}'`);
      return { kind: 'sessions', ...dataDirOf(values), limit: parseLimit(values.limit, 50, 10000), json: values.json === true };
    }
    case undefined:
      return { kind: 'help', text: HISTORY_USAGE, asked: false };
    case '-h':
    case '--help':
    case 'help':
      return { kind: 'help', text: HISTORY_USAGE, asked: true };
    default:
      throw new CliError('usage', `unknown history command '${sub}' (search, show, sessions, export or stats)`);
  }
};

/** argv after the program name. */
export const parseCli = (argv: readonly string[]): CliCommand => {
  const [command, ...rest] = argv;
  switch (command) {
    case 'history':
      return parseHistory(rest[0], rest.slice(1));
    case 'sync': {
      const parsed = parseSync(rest);
      return parsed.kind === 'help' ? parsed : { kind: 'sync', command: parsed };
    }
    case 'mcp': {
      const { values, positionals } = parse(rest, {}, 'mcp');
      if (values.help) return { kind: 'help', text: MCP_USAGE, asked: true };
      if (positionals.length > 0) throw new CliError('usage', `mcp takes no arguments, got '${positionals[0]}'`);
      return { kind: 'mcp', ...dataDirOf(values) };
    }
    case undefined:
      return { kind: 'help', text: MAIN_USAGE, asked: false };
    case '-h':
    case '--help':
    case 'help':
      return { kind: 'help', text: MAIN_USAGE, asked: true };
    case '--version':
    case '-V':
      return { kind: 'version' };
    default:
      throw new CliError('usage', `unknown command '${command}' (history, mcp or sync; see 'contexterm --help')`);
  }
};
