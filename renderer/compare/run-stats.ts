// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';

/** A run's outcome as the timeline marks it. */
export type RunOutcome = 'ok' | 'failed' | 'running' | 'unknown';

export const runOutcome = (run: CommandRecord): RunOutcome => {
  if (run.endedAt === null && !run.interrupted) return 'running';
  if (run.exitCode === null) return 'unknown';
  return run.exitCode === 0 ? 'ok' : 'failed';
};

/** How long a finished run took, or undefined while it runs (or when its end is unknown). */
export const runDuration = (run: CommandRecord): number | undefined =>
  run.endedAt === null ? undefined : Math.max(0, run.endedAt - run.startedAt);

/** How many of the newest finished runs the glance looks at: older habits say little about now. */
const GLANCE_RUNS = 10;
/** Slowing: the median of the last SLOW_RECENT runs is over SLOW_FACTOR times the median of the ones before. */
const SLOW_RECENT = 3;
const SLOW_FACTOR = 1.5;
/** … and slower by at least this much, so a 4 ms command taking 9 ms is not news. */
const SLOW_MIN_MS = 100;

export interface Glance {
  readonly flaky: boolean;
  readonly slowing: boolean;
  /** Plain sentences for the summary line, most telling first. */
  readonly words: readonly string[];
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const seconds = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/**
 * Flaky: in the newest GLANCE_RUNS runs with an exit status, success and failure take turns at
 * least twice (✓✗✓ or ✗✓✗), so neither "it broke" (✓✓✗) nor "it was fixed" (✗✗✓) counts.
 * Slowing: see SLOW_RECENT; needs at least as many earlier runs as recent ones. `runs`: newest first.
 */
export const glanceAt = (runs: readonly CommandRecord[]): Glance => {
  const judged = runs
    .filter((run) => {
      const outcome = runOutcome(run);
      return outcome === 'ok' || outcome === 'failed';
    })
    .slice(0, GLANCE_RUNS);
  const outcomes = judged.map(runOutcome);
  const turns = outcomes.filter((outcome, i) => i > 0 && outcome !== outcomes[i - 1]).length;
  const failures = outcomes.filter((outcome) => outcome === 'failed').length;
  const flaky = turns >= 2;

  const durations = judged.map(runDuration).filter((ms): ms is number => ms !== undefined);
  const recent = durations.slice(0, SLOW_RECENT);
  const earlier = durations.slice(SLOW_RECENT);
  const recentMedian = recent.length === SLOW_RECENT ? median(recent) : undefined;
  const earlierMedian = earlier.length >= SLOW_RECENT ? median(earlier) : undefined;
  const slowing =
    recentMedian !== undefined &&
    earlierMedian !== undefined &&
    recentMedian > SLOW_FACTOR * earlierMedian &&
    recentMedian - earlierMedian >= SLOW_MIN_MS;

  const words: string[] = [];
  if (flaky) words.push(`Flaky: ${failures} of the last ${judged.length} runs failed, taking turns with successes.`);
  if (slowing)
    words.push(`Slowing: the last ${SLOW_RECENT} runs took ${seconds(recentMedian!)} (median), against ${seconds(earlierMedian!)} before.`);
  if (judged.length > 0 && !flaky) {
    words.push(
      failures === 0 ? `All of the last ${judged.length} runs succeeded.` : `${failures} of the last ${judged.length} runs failed.`,
    );
  }
  if (judged.length > 0 && !slowing && recentMedian !== undefined && earlierMedian !== undefined) words.push('Its duration is steady.');
  return { flaky, slowing, words };
};

/** The newest successful run older than `current` ("last time it worked"); `runs` newest first. */
export const lastWorked = (runs: readonly CommandRecord[], currentId: string): CommandRecord | undefined => {
  const at = runs.findIndex((run) => run.id === currentId);
  return runs.slice(at + 1).find((run) => runOutcome(run) === 'ok');
};

/** What `current` is compared with at first: the run before it, else the one after it. */
export const defaultOther = (runs: readonly CommandRecord[], currentId: string): CommandRecord | undefined => {
  const at = runs.findIndex((run) => run.id === currentId);
  if (at < 0) return runs[0];
  return runs[at + 1] ?? runs[at - 1];
};
