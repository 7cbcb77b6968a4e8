// SPDX-License-Identifier: MIT
import type { HistoryFilters } from '../../../shared/domain/history-query';

export interface FilterSql {
  /** A boolean SQL expression over `commands c`. */
  readonly where: string;
  /** Its named parameters, only those it uses (better-sqlite3 refuses unused ones). */
  readonly params: Readonly<Record<string, string | number>>;
}

/** The one order every listing uses: newest first, the insertion order breaking a tie (stable paging). */
export const NEWEST_FIRST = 'c.started_at DESC, c.rid DESC';

/**
 * "That directory and below" as one range on commands_by_cwd: [dir, dir + '0') holds dir itself,
 * dir/… ('/' is 0x2F, '0' the next code point) and siblings such as dir-old ('-' sorts before
 * '/'), which the second test drops. Trailing slashes are ignored, so `/` means every absolute path.
 */
const cwdClause = (dir: string): { sql: string; params: Record<string, string> } => {
  const base = dir.replace(/\/+$/u, '');
  return {
    sql: '(c.cwd >= @cwd AND c.cwd < @cwdEnd AND (c.cwd = @cwd OR c.cwd >= @cwdBelow))',
    params: { cwd: base, cwdEnd: `${base}0`, cwdBelow: `${base}/` },
  };
};

/**
 * The machine: the local hostname, or for a command run over ssh the host as typed after `ssh`,
 * with `user@` in front to name the remote user too (as remotePlaceOf shows it). command_remotes
 * holds only ssh commands, so its probe is small; the local side is the commands_by_host index.
 */
const hostClause = (host: string): { sql: string; params: Record<string, string> } => {
  const at = host.lastIndexOf('@');
  if (at <= 0)
    return { sql: '(c.hostname = @host OR c.id IN (SELECT r.command_id FROM command_remotes r WHERE r.host = @host))', params: { host } };
  return {
    sql: `c.id IN (SELECT r.command_id FROM command_remotes r WHERE r.user = @hostUser)
      AND (c.hostname = @host OR c.id IN (SELECT r.command_id FROM command_remotes r WHERE r.host = @host))`,
    params: { host: host.slice(at + 1), hostUser: host.slice(0, at) },
  };
};

/**
 * The filters as SQL on indexed columns (migrations 2 and 9), only those switched on, so the
 * planner sees plain equalities and ranges: `@x IS NULL OR …` would hide every index from it.
 * `exit_code <> 0` is written exactly as commands_failed_by_start's WHERE so that partial index
 * qualifies (for `exitCode` N ≠ 0 too). `excluded`: ids to treat as gone (forgets in their undo window).
 */
export const filterSql = (filters: HistoryFilters, excluded: readonly string[] = []): FilterSql => {
  const clauses = ["c.command_line IS NOT NULL AND c.command_line <> ''"];
  const params: Record<string, string | number> = {};
  if (filters.cwd !== undefined) {
    const cwd = cwdClause(filters.cwd);
    clauses.push(cwd.sql);
    Object.assign(params, cwd.params);
  }
  if (filters.host !== undefined) {
    const host = hostClause(filters.host);
    clauses.push(host.sql);
    Object.assign(params, host.params);
  }
  if (filters.sessionId !== undefined) {
    clauses.push('c.session_id = @sessionId');
    params.sessionId = filters.sessionId;
  }
  if (filters.exitCode !== undefined) {
    clauses.push(filters.exitCode === 0 ? 'c.exit_code = 0' : 'c.exit_code <> 0 AND c.exit_code = @exitCode');
    if (filters.exitCode !== 0) params.exitCode = filters.exitCode;
  }
  if (filters.failed === true && !(filters.exitCode !== undefined && filters.exitCode !== 0)) clauses.push('c.exit_code <> 0');
  // `failed: false` asks for the commands that succeeded: an unknown exit code is neither.
  if (filters.failed === false && filters.exitCode === undefined) clauses.push('c.exit_code = 0');
  if (filters.since !== undefined) {
    clauses.push('c.started_at >= @since');
    params.since = filters.since;
  }
  if (filters.until !== undefined) {
    clauses.push('c.started_at < @until');
    params.until = filters.until;
  }
  // The assistant's commands are few (command_actors): the planner may start from that table.
  if (filters.ranBy === 'assistant') clauses.push('c.id IN (SELECT a.command_id FROM command_actors a)');
  if (filters.ranBy === 'user') clauses.push('c.id NOT IN (SELECT a.command_id FROM command_actors a)');
  if (excluded.length > 0) {
    clauses.push('c.id NOT IN (SELECT value FROM json_each(@excluded))');
    params.excluded = JSON.stringify(excluded);
  }
  return { where: clauses.join(' AND '), params };
};

/** Only the filter fields of a query (the rest is the question, not a narrowing). */
export const filtersOf = <T extends HistoryFilters>(query: T): HistoryFilters => {
  const { cwd, exitCode, failed, host, since, until, ranBy, sessionId } = query;
  return Object.fromEntries(
    Object.entries({ cwd, exitCode, failed, host, since, until, ranBy, sessionId }).filter(([, v]) => v !== undefined),
  );
};
