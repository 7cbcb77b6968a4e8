// SPDX-License-Identifier: MIT
import type { StatementCache } from '../database/database';

/** A recorded command line that starts with what is typed, with what ranks it. */
export interface SuggestedLine {
  readonly line: string;
  /** Run in the asking terminal's directory, elsewhere in its repository, or anywhere else. */
  readonly place: 'here' | 'repository' | 'elsewhere';
  /** Its newest run (in the tier it was found in) exited 0, or with no code known. */
  readonly succeeded: boolean;
  readonly lastAt: number;
  readonly runs: number;
}

/**
 * Index entries read per tier. Below SEEN every run of the prefix was read and the ranking is
 * exact; at SEEN the prefix is common, so its newest runs are dense in the recent past: the
 * directory's newest RECENT commands are walked instead (covering, so a few milliseconds at most).
 * Anywhere else, a common prefix ranks the SEEN runs first in line order by recency: a known
 * approximation, which no index without a directory bounds better.
 */
const SEEN = 300;
const RECENT = 5000;
/** A run counts for this long of recency: frequency lifts a line as if it ran that much later. */
const RUN_WEIGHT_MS = 6 * 3600_000;

// The prefix's lower bound is exclusive: a line equal to what is typed offers nothing, and skipping
// it in the index keeps an often-run line from filling the SEEN entries. The upper bound is prefix || U+10FFFF.
const SQL = {
  here: `SELECT command_line AS line, started_at AS at, exit_code AS code FROM commands INDEXED BY commands_suggest_here
    WHERE cwd = ? AND command_line > ? AND command_line < ? LIMIT ${SEEN}`,
  hereRecent: `SELECT line, at, code FROM (SELECT command_line AS line, started_at AS at, exit_code AS code
    FROM commands INDEXED BY commands_suggest_recent WHERE cwd = ? ORDER BY started_at DESC LIMIT ${RECENT})
    WHERE line > ? AND line < ?`,
  // The repository's root and the directories under it (root/…, not root-old): a covering walk of
  // at most RECENT entries each, whatever the repository's size.
  repository: `SELECT line, at, code FROM (SELECT command_line AS line, started_at AS at, exit_code AS code
    FROM commands INDEXED BY commands_suggest_recent WHERE cwd = ? AND cwd <> ? LIMIT ${RECENT})
    WHERE line > ? AND line < ?
    UNION ALL SELECT line, at, code FROM (SELECT command_line AS line, started_at AS at, exit_code AS code, cwd AS dir
    FROM commands INDEXED BY commands_suggest_recent WHERE cwd > ? AND cwd < ? LIMIT ${RECENT})
    WHERE dir <> ? AND line > ? AND line < ?`,
  anywhere: `SELECT command_line AS line, started_at AS at, cwd FROM commands INDEXED BY commands_by_line
    WHERE command_line > ? AND command_line < ? LIMIT ${SEEN}`,
  lastExit: `SELECT exit_code FROM commands INDEXED BY commands_by_line WHERE command_line = ? AND cwd IS ? ORDER BY started_at DESC LIMIT 1`,
} as const;

/** While ranking: the directory of the line's newest run, where its exit code is looked up. */
type Ranked = SuggestedLine & { readonly cwd: string | null | undefined };

interface Row {
  readonly line: string;
  readonly at: number;
  readonly code?: number | null;
  readonly cwd?: string | null;
}

/** A line worth offering: one line, no control characters (no escape sequence drawn as a suggestion). */
const OFFERABLE = /^[^\x00-\x1f\x7f]*$/;

/**
 * The best lines starting with `prefix`, best first: those run in `cwd` first, then elsewhere in
 * its `repository` (its root and the folders under it), then anywhere; within each, lines whose
 * newest run succeeded, then by recency lifted by frequency. Every read is bounded (SEEN, RECENT
 * entries of a covering index: 0010, 0012), whatever the history's size (bench suite `suggest`). What main must still drop (secret-shaped lines, lines
 * being forgotten) it drops from these.
 */
export const suggestLines = (
  statements: StatementCache,
  prefix: string,
  cwd: string | null,
  limit: number,
  repository: string | null = null,
): SuggestedLine[] => {
  if (prefix.trim() === '' || !OFFERABLE.test(prefix)) return [];
  const upper = `${prefix}\u{10FFFF}`;
  const ranked: SuggestedLine[] = [];
  const taken = new Set<string>();
  const add = (lines: Ranked[]) => {
    for (const { cwd: _cwd, ...line } of lines.sort(better)) {
      if (ranked.length >= limit) return;
      if (taken.has(line.line)) continue;
      ranked.push(line);
      taken.add(line.line);
    }
  };
  if (cwd !== null) {
    let rows = statements.get(SQL.here).all(cwd, prefix, upper) as Row[];
    if (rows.length >= SEEN) {
      const recent = statements.get(SQL.hereRecent).all(cwd, prefix, upper) as Row[];
      if (recent.length > 0) rows = recent;
    }
    add(group(rows, 'here'));
  }
  if (cwd !== null && repository !== null && ranked.length < limit) {
    const under = `${repository.replace(/\/$/u, '')}/`;
    const rows = statements
      .get(SQL.repository)
      .all(repository, cwd, prefix, upper, under, `${under}\u{10FFFF}`, cwd, prefix, upper) as Row[];
    add(group(rows, 'repository').filter((line) => !taken.has(line.line)));
  }
  if (ranked.length < limit) {
    const rows = statements.get(SQL.anywhere).all(prefix, upper) as Row[];
    const lines = group(rows, 'elsewhere').filter((line) => !taken.has(line.line));
    // Exit codes for the few that can still rank (one seek each), not for every entry seen.
    const top = lines
      .sort(better)
      .slice(0, limit * 2)
      .map((line) => {
        const code = statements
          .get(SQL.lastExit)
          .pluck()
          .get(line.line, line.cwd ?? null) as number | null | undefined;
        return { ...line, succeeded: code === null || code === undefined || code === 0 };
      });
    add(top);
  }
  return ranked;
};

const group = (rows: readonly Row[], place: SuggestedLine['place']): Ranked[] => {
  const lines = new Map<string, { lastAt: number; runs: number; code: number | null | undefined; cwd: string | null | undefined }>();
  for (const row of rows) {
    if (!OFFERABLE.test(row.line)) continue;
    const seen = lines.get(row.line);
    if (!seen) lines.set(row.line, { lastAt: row.at, runs: 1, code: row.code, cwd: row.cwd });
    else {
      seen.runs++;
      if (row.at > seen.lastAt) Object.assign(seen, { lastAt: row.at, code: row.code, cwd: row.cwd });
    }
  }
  return [...lines].map(([line, { lastAt, runs, code, cwd }]) => ({
    line,
    place,
    succeeded: code === null || code === undefined || code === 0,
    lastAt,
    runs,
    cwd,
  }));
};

const score = (line: SuggestedLine): number => line.lastAt + Math.min(line.runs, 50) * RUN_WEIGHT_MS;

const PLACES = { here: 0, repository: 1, elsewhere: 2 } as const;

const better = (a: SuggestedLine, b: SuggestedLine): number =>
  PLACES[a.place] - PLACES[b.place] || Number(b.succeeded) - Number(a.succeeded) || score(b) - score(a);
