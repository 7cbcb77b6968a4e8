// SPDX-License-Identifier: MIT
// Pure arithmetic of the soak run (tests/soak/main.ts): parsing /proc text, the memory slope and the
// verdict. Kept apart from the I/O so tests/unit/soak-measure.test.ts can check it with made-up inputs.

export interface ProcStatus {
  readonly rssMb: number;
  /** Of RSS: anonymous memory (V8 heaps, malloc: SQLite's caches, buffers) and mapped files (code, the database's mmap). */
  readonly anonMb: number;
  readonly fileMb: number;
  readonly threads: number;
}

/** VmRSS, RssAnon, RssFile and Threads from the text of /proc/PID/status (NaN when a field is missing). */
export const parseStatus = (text: string): ProcStatus => {
  const field = (name: string): number => {
    const match = new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text);
    return match ? Number(match[1]) : NaN;
  };
  return { rssMb: field('VmRSS') / 1024, anonMb: field('RssAnon') / 1024, fileMb: field('RssFile') / 1024, threads: field('Threads') };
};

export interface Point {
  /** Seconds. */
  readonly t: number;
  /** MB. */
  readonly y: number;
}

/** Least-squares slope of `points` in units of y per second; 0 for fewer than two distinct times. */
export const slope = (points: readonly Point[]): number => {
  const n = points.length;
  if (n < 2) return 0;
  const meanT = points.reduce((sum, p) => sum + p.t, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const p of points) {
    covariance += (p.t - meanT) * (p.y - meanY);
    variance += (p.t - meanT) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
};

/** The slope as the report states it: MB per 10 minutes. */
export const slopePer10Min = (points: readonly Point[]): number => slope(points) * 600;

/**
 * Standard error of the least-squares slope, MB per 10 minutes: how far the slope of so few points
 * may be from the trend by the scatter around the line alone (Infinity for fewer than three points).
 * Cycle starts scatter ±1–3 MB by where V8's and malloc's collections left each thread; over a
 * 12-minute run (ten points a minute apart) that alone makes the slope uncertain by ~1 MB / 10 min,
 * as much as the bound.
 */
export const slopeStdErrPer10Min = (points: readonly Point[]): number => {
  const n = points.length;
  if (n < 3) return Infinity;
  const b = slope(points);
  const meanT = points.reduce((sum, p) => sum + p.t, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let residuals = 0;
  let variance = 0;
  for (const p of points) {
    residuals += (p.y - meanY - b * (p.t - meanT)) ** 2;
    variance += (p.t - meanT) ** 2;
  }
  return variance === 0 ? Infinity : Math.sqrt(residuals / (n - 2) / variance) * 600;
};

/**
 * The lowest point of each group (a cycle of the mix), at its time: the floor the GC gets back to.
 * Its slope separates memory kept from the sawtooth of floods that is given back.
 */
export const floors = (points: ReadonlyArray<Point & { readonly group: number }>): Point[] => {
  const lowest = new Map<number, Point>();
  for (const p of points) {
    const seen = lowest.get(p.group);
    if (seen === undefined || p.y < seen.y) lowest.set(p.group, { t: p.t, y: p.y });
  }
  return [...lowest.values()];
};

/**
 * Room the database may take beyond the raw-output cap: the free-page slack documented in
 * docs/history.md and applied in electron/store/history/space.ts (10 % of the cap, at least 8 MB,
 * at most 32 MB).
 */
export const slackMb = (capMb: number): number => Math.max(8, Math.min(32, capMb * 0.1));

/**
 * What one command record may take: its clean output (first and last 16K characters, docs/history.md)
 * in the table and again in the full-text index. Records have a count limit, not a size one, and
 * the count is applied every ten minutes, so the bound on the database counts the records it holds.
 */
export const RECORD_MAX_KB = 64;

/** The most the data dir may hold: the raw-output cap, its slack, and the records at their largest. */
export const dbBoundMb = (capMb: number, records: number): number => capMb + slackMb(capMb) + (records * RECORD_MAX_KB) / 1024;

export interface SoakFigures {
  readonly slopeMbPer10Min: number;
  /** slopeStdErrPer10Min of the same points. */
  readonly slopeStdErrMbPer10Min: number;
  readonly fdsStart: number;
  readonly fdsEnd: number;
  readonly dbMb: number;
  readonly capMb: number;
  /** Command records in the database at the end. */
  readonly records: number;
  readonly errors: readonly string[];
}

/** Upper bound on the slope after warm-up (issue 25: memory flat, ≤ 1 MB per 10 minutes). */
export const MAX_SLOPE_MB_PER_10_MIN = 1;

/**
 * Memory passes as flat only when the slope plus this many standard errors is within the bound:
 * a slope under the bound by less than its own uncertainty does not show flat memory (about a 95 %
 * one-sided bound for ten points). A run too short to tell fails, saying so; a longer one
 * (`--minutes=60`: the same cycles further apart) narrows the error in proportion to its length.
 */
export const SLOPE_ERRORS = 2;

/** Why the run failed, one line a reason; empty when it passed. */
export const verdict = (figures: SoakFigures): string[] => {
  const reasons: string[] = [];
  const upper = figures.slopeMbPer10Min + SLOPE_ERRORS * figures.slopeStdErrMbPer10Min;
  if (!(figures.slopeMbPer10Min <= MAX_SLOPE_MB_PER_10_MIN)) {
    reasons.push(`RSS slope ${figures.slopeMbPer10Min.toFixed(2)} MB/10 min > ${MAX_SLOPE_MB_PER_10_MIN}`);
  } else if (!(upper <= MAX_SLOPE_MB_PER_10_MIN)) {
    reasons.push(
      `RSS slope ${figures.slopeMbPer10Min.toFixed(2)} ± ${figures.slopeStdErrMbPer10Min.toFixed(2)} MB/10 min: ` +
        `up to ${upper.toFixed(2)} > ${MAX_SLOPE_MB_PER_10_MIN} within ${SLOPE_ERRORS} standard errors, flat memory not shown (run longer: --minutes=60)`,
    );
  }
  if (!(figures.fdsEnd <= figures.fdsStart)) reasons.push(`open fds grew from ${figures.fdsStart} to ${figures.fdsEnd}`);
  const bound = dbBoundMb(figures.capMb, figures.records);
  if (!(figures.dbMb <= bound)) {
    reasons.push(
      `database ${figures.dbMb.toFixed(1)} MB > ${bound.toFixed(1)} MB (raw cap ${figures.capMb} + slack ${slackMb(figures.capMb)} + ${figures.records} records × ${RECORD_MAX_KB} KB)`,
    );
  }
  if (figures.errors.length > 0) reasons.push(`${figures.errors.length} error(s), first: ${figures.errors[0]}`);
  return reasons;
};

/** `--minutes=N` and `--quick` (≈ 3 minutes) from argv; 12 minutes otherwise. */
export const parseMinutes = (argv: readonly string[]): number => {
  const given = argv.find((arg) => arg.startsWith('--minutes='));
  if (given !== undefined) {
    const minutes = Number(given.slice('--minutes='.length));
    if (!Number.isFinite(minutes) || minutes <= 0) throw new Error(`--minutes wants a positive number, got ${given}`);
    return minutes;
  }
  return argv.includes('--quick') ? 3 : 12;
};
