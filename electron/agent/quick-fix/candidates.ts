// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';
import { nearIdentical, replayEdit, sameLine, variantOf, type ChangeKind } from './similarity';
import { tokenize } from './tokens';

/** A line to offer at the prompt instead of a command that failed. */
export interface QuickFix {
  readonly line: string;
  readonly kind: ChangeKind;
  /** Ranking weight: recency-decayed count, scaled by how surely the change is a fix. */
  readonly score: number;
  /** How many times this fix followed such a failure, or (a frequent line) succeeded in that folder. */
  readonly count: number;
  /** When the fix last ran (epoch ms). */
  readonly lastUsedAt: number;
  /**
   * `after-failure`: the user ran it after the same failure; `frequent-line`: the failed line is a
   * typo of it; and for a first typo (first-typo.ts): `tool-hint`, the tool's own "did you mean";
   * `known-program` / `known-subcommand`, a name that worked before; `on-path`, a program on PATH.
   */
  readonly origin: 'after-failure' | 'frequent-line' | 'tool-hint' | 'known-program' | 'known-subcommand' | 'on-path';
}

export interface QuickFixOptions {
  /** Ages are measured from here (epoch ms); default the failed command's start, so results are reproducible. */
  readonly now?: number;
  /** A success counts as the fix only this soon after the failure ended (default 10 minutes). */
  readonly followWithinMs?: number;
  /** Weight halves at this age (default 7 days): last week's fix beats last year's habit. */
  readonly halfLifeMs?: number;
  /** At most this many fixes (default 5). */
  readonly limit?: number;
  /** A line must have succeeded this often in the folder to be offered for a typo of it (default 2). */
  readonly minSuccesses?: number;
}

const QUICK_FIX_DEFAULTS = {
  followWithinMs: 10 * 60_000,
  halfLifeMs: 7 * 24 * 3_600_000,
  limit: 5,
  minSuccesses: 2,
} as const;

/** A fix seen in another folder than the failure's is likelier to depend on that folder. */
const OTHER_FOLDER_WEIGHT = 0.5;
/** A typo of a frequent line was never seen being fixed, so it ranks below fixes that were. */
const FREQUENT_LINE_WEIGHT = 0.5;

interface Tally {
  line: string;
  kind: ChangeKind;
  score: number;
  count: number;
  lastUsedAt: number;
  origin: QuickFix['origin'];
}

const isFailure = (command: CommandRecord): boolean => command.exitCode !== null && command.exitCode !== 0;

/** Same folder: equal known cwds, or within one session when a cwd is unknown (a heuristic session). */
const sameFolder = (a: CommandRecord, b: CommandRecord): boolean =>
  a.cwd !== null && b.cwd !== null ? a.cwd === b.cwd : a.sessionId === b.sessionId && a.cwd === b.cwd;

/**
 * Which machine a record ran on: this one, or the remote host as the user typed it after `ssh` (the
 * remote cannot choose that name, unlike the hostname and cwd it reports). A hostile host
 * reported the user's local folder as its cwd, failed `npm test` there and then "fixed" it with a
 * line that broke out of the bracketed paste; so a fix is learned only on the failure's own host.
 */
const hostOf = (command: CommandRecord): string => (command.remote ? `ssh:${command.remote.host}` : 'local');

/** Words rejoined: one key for lines that differ only in quoting or spacing. */
const lineKey = (line: string): string =>
  tokenize(line)
    .map((token) => token.value)
    .join('\u0000');

/**
 * The first success after `failure` that is a variant of it, in the same folder, within the follow
 * window and before the same line fails again (a later failure starts its own pair).
 */
const fixAfter = (
  ordered: readonly CommandRecord[],
  at: number,
  followWithinMs: number,
): { fix: CommandRecord; line: string } | undefined => {
  const failure = ordered[at];
  const failedLine = failure?.commandLine;
  if (!failure || !failedLine) return undefined;
  const deadline = (failure.endedAt ?? failure.startedAt) + followWithinMs;
  for (let i = at + 1; i < ordered.length; i++) {
    const next = ordered[i];
    if (!next || next.startedAt > deadline) return undefined;
    const line = next.commandLine;
    if (!line || !sameFolder(failure, next)) continue;
    if (isFailure(next) && sameLine(line, failedLine)) return undefined;
    if (next.exitCode === 0 && variantOf(failedLine, line)) return { fix: next, line };
  }
  return undefined;
};

/**
 * Fixes for `failed` from the user's own history, without a model: pairs of a failure of the same
 * or a near-identical line and the variant that then worked (see fixAfter), plus, when the failed
 * line is a typo of a line that often worked in that folder, that line. When the earlier failure
 * was near-identical rather than identical, the fix's one-word edit is replayed on `failed` where
 * that is safe (replayEdit), else the fix is offered as it ran. Ranked by a recency-decayed count.
 * Only records of the failure's host count (hostOf).
 */
export const findQuickFixes = (failed: CommandRecord, history: readonly CommandRecord[], options: QuickFixOptions = {}): QuickFix[] => {
  const failedLine = failed.commandLine;
  if (!failedLine || !isFailure(failed) || tokenize(failedLine).length === 0) return [];
  const { followWithinMs, halfLifeMs, limit, minSuccesses } = { ...QUICK_FIX_DEFAULTS, ...options };
  const now = options.now ?? failed.startedAt;
  const decay = (at: number): number => 0.5 ** (Math.max(0, now - at) / halfLifeMs);
  const host = hostOf(failed);
  const ordered = history
    .filter(
      (command) => command.id !== failed.id && command.startedAt < failed.startedAt && command.commandLine && hostOf(command) === host,
    )
    .sort((a, b) => a.startedAt - b.startedAt || a.seq - b.seq);
  const tallies = new Map<string, Tally>();
  const failedKey = lineKey(failedLine);
  const add = (line: string, kind: ChangeKind, weight: number, at: number, origin: Tally['origin']): void => {
    const key = lineKey(line);
    if (key === failedKey) return;
    const tally = tallies.get(key);
    if (!tally) {
      tallies.set(key, { line, kind, score: weight, count: 1, lastUsedAt: at, origin });
      return;
    }
    tally.score += weight;
    tally.count += 1;
    if (at >= tally.lastUsedAt) Object.assign(tally, { line, kind, lastUsedAt: at });
  };

  ordered.forEach((command, at) => {
    const line = command.commandLine;
    if (!line || !isFailure(command) || !nearIdentical(failedLine, line)) return;
    const found = fixAfter(ordered, at, followWithinMs);
    const variant = found && variantOf(line, found.line);
    if (!found || !variant) return;
    const proposed = sameLine(line, failedLine) ? found.line : (replayEdit(line, found.line, variant.edit, failedLine) ?? found.line);
    const folder = sameFolder(command, failed) ? 1 : OTHER_FOLDER_WEIGHT;
    add(proposed, variant.kind, variant.score * folder * decay(found.fix.startedAt), found.fix.startedAt, 'after-failure');
  });

  for (const frequent of frequentTypoTargets(failed, failedLine, ordered, minSuccesses)) {
    const weight = frequent.runs.reduce((sum, run) => sum + decay(run.startedAt), 0) * frequent.score * FREQUENT_LINE_WEIGHT;
    const last = Math.max(...frequent.runs.map((run) => run.startedAt));
    if (!tallies.has(lineKey(frequent.line))) {
      tallies.set(lineKey(frequent.line), {
        line: frequent.line,
        kind: frequent.kind,
        score: weight,
        count: frequent.runs.length,
        lastUsedAt: last,
        origin: 'frequent-line',
      });
    }
  }

  return [...tallies.values()]
    .sort((a, b) => b.score - a.score || b.lastUsedAt - a.lastUsedAt)
    .slice(0, limit)
    .map((tally) => ({ ...tally }));
};

/** Lines that succeeded at least `minSuccesses` times in the failed command's folder and of which its line is a misspelling. */
const frequentTypoTargets = (
  failed: CommandRecord,
  failedLine: string,
  ordered: readonly CommandRecord[],
  minSuccesses: number,
): { line: string; kind: ChangeKind; score: number; runs: CommandRecord[] }[] => {
  const byLine = new Map<string, { line: string; runs: CommandRecord[] }>();
  for (const command of ordered) {
    if (command.exitCode !== 0 || !command.commandLine || !sameFolder(command, failed)) continue;
    const key = lineKey(command.commandLine);
    const entry = byLine.get(key) ?? { line: command.commandLine, runs: [] };
    entry.line = command.commandLine;
    entry.runs.push(command);
    byLine.set(key, entry);
  }
  return [...byLine.values()].flatMap(({ line, runs }) => {
    if (runs.length < minSuccesses) return [];
    const variant = variantOf(failedLine, line);
    return variant?.typo ? [{ line, kind: variant.kind, score: variant.score, runs }] : [];
  });
};
