// SPDX-License-Identifier: MIT
import type { StatementCache } from '../database/database';

/** A recorded command line that starts with what is typed, with what ranks it. */
export interface SuggestedLine {
  readonly line: string;
  /** Run in the asking terminal's directory. */
  readonly here: boolean;
  /** Its newest run (in the tier it was found in) exited 0, or with no code known. */
  readonly succeeded: boolean;
  readonly lastAt: number;
  readonly runs: number;
}

/**
 * Rows read per tier before the newest-first walk takes over. Below it every match was seen and the
 * ranking is exact; at it the prefix is common, so the newest matches are dense in recent history
 * and a walk from the newest command finds `NEWEST` of them soon.
 */
const SEEN = 4000;
const NEWEST = 200;
/** A run counts for this long of recency: frequency lifts a line as if it ran that much later. */
const RUN_WEIGHT_MS = 6 * 3600_000;

// The prefix and its upper bound (prefix || U+10FFFF): a ranged seek, where LIKE/GLOB would scan.
const SQL = {
  here: `SELECT command_line AS line, started_at AS at, exit_code AS code FROM commands INDEXED BY commands_suggest_here
    WHERE cwd = ? AND command_line >= ? AND command_line < ? LIMIT ${SEEN}`,
  hereNewest: `SELECT command_line AS line, started_at AS at, exit_code AS code FROM commands INDEXED BY commands_by_cwd
    WHERE cwd = ? AND command_line >= ? AND command_line < ? ORDER BY started_at DESC LIMIT ${NEWEST}`,
  anywhere: `SELECT command_line AS line, started_at AS at FROM commands INDEXED BY commands_by_line
    WHERE command_line >= ? AND command_line < ? LIMIT ${SEEN}`,
  anywhereNewest: `SELECT command_line AS line, started_at AS at, exit_code AS code FROM commands INDEXED BY commands_by_start
    WHERE command_line >= ? AND command_line < ? ORDER BY started_at DESC LIMIT ${NEWEST}`,
  lastExit: `SELECT exit_code FROM commands INDEXED BY commands_by_line WHERE command_line = ? ORDER BY started_at DESC LIMIT 1`,
} as const;

interface Row {
  readonly line: string;
  readonly at: number;
  readonly code?: number | null;
}

/** A line worth offering: longer than what is typed, one line, no control characters. */
const OFFERABLE = /^[^\x00-\x1f\x7f]*$/;

/**
 * The best lines starting with `prefix`, best first: those run in `cwd` first, then lines whose
 * newest run succeeded, then by recency lifted by frequency. Each tier is a ranged seek on an index
 * bounded by the prefix (0010, 0012), so a keystroke's query stays within a few milliseconds at a
 * million commands (bench suite `suggest`). What main must still drop (secret-shaped lines, lines
 * being forgotten) it drops from these.
 */
export const suggestLines = (statements: StatementCache, prefix: string, cwd: string | null, limit: number): SuggestedLine[] => {
  if (prefix.trim() === '' || !OFFERABLE.test(prefix)) return [];
  const upper = `${prefix}\u{10FFFF}`;
  const ranked: SuggestedLine[] = [];
  const taken = new Set<string>();
  const add = (lines: SuggestedLine[]) => {
    for (const line of lines.sort(better)) {
      if (ranked.length >= limit) return;
      if (taken.has(line.line)) continue;
      ranked.push(line);
      taken.add(line.line);
    }
  };
  if (cwd !== null) {
    let rows = statements.get(SQL.here).all(cwd, prefix, upper) as Row[];
    if (rows.length >= SEEN) rows = statements.get(SQL.hereNewest).all(cwd, prefix, upper) as Row[];
    add(group(rows, prefix, true));
  }
  if (ranked.length < limit) {
    let rows = statements.get(SQL.anywhere).all(prefix, upper) as Row[];
    if (rows.length >= SEEN) rows = statements.get(SQL.anywhereNewest).all(prefix, upper) as Row[];
    const lines = group(rows, prefix, false).filter((line) => !taken.has(line.line));
    // Exit codes for the few that can still rank, not for every row seen (the index has none).
    const top = lines.sort(better).slice(0, limit * 2).map((line) => {
      if (rows[0]?.code !== undefined) return line;
      const code = statements.get(SQL.lastExit).pluck().get(line.line) as number | null | undefined;
      return { ...line, succeeded: code === null || code === undefined || code === 0 };
    });
    add(top);
  }
  return ranked;
};

const group = (rows: readonly Row[], prefix: string, here: boolean): SuggestedLine[] => {
  const lines = new Map<string, { lastAt: number; runs: number; code: number | null | undefined }>();
  for (const row of rows) {
    if (row.line.length <= prefix.length || !OFFERABLE.test(row.line)) continue;
    const seen = lines.get(row.line);
    if (!seen) lines.set(row.line, { lastAt: row.at, runs: 1, code: row.code });
    else {
      seen.runs++;
      if (row.at > seen.lastAt) Object.assign(seen, { lastAt: row.at, code: row.code });
    }
  }
  return [...lines].map(([line, { lastAt, runs, code }]) => ({ line, here, succeeded: code === null || code === undefined || code === 0, lastAt, runs }));
};

const score = (line: SuggestedLine): number => line.lastAt + Math.min(line.runs, 50) * RUN_WEIGHT_MS;

const better = (a: SuggestedLine, b: SuggestedLine): number =>
  Number(b.here) - Number(a.here) || Number(b.succeeded) - Number(a.succeeded) || score(b) - score(a);
