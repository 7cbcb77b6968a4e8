// SPDX-License-Identifier: MIT

export interface RestartLimits {
  /** The wait before the restart after the 1st, 2nd, … failure within `windowMs`; one failure more gives up. */
  readonly delaysMs: readonly number[];
  readonly windowMs: number;
}

/**
 * A worker that fails is restarted at once the first time (most failures are one bad input), then
 * after growing waits; a fourth failure within ten minutes means it cannot run here, and restarting
 * it again would only spin (a worker that dies as it loads would be restarted on every message).
 */
const DEFAULT_RESTART_LIMITS: RestartLimits = { delaysMs: [0, 1_000, 5_000], windowMs: 10 * 60_000 };

/** Counts a part's failures and says how long to wait before restarting it, or to give up for good. */
export class RestartPolicy {
  private _failures: number[] = [];
  private _gaveUp = false;

  constructor(
    private readonly _limits: RestartLimits = DEFAULT_RESTART_LIMITS,
    private readonly _now: () => number = Date.now,
  ) {}

  get gaveUp(): boolean {
    return this._gaveUp;
  }

  /** Records a failure: the wait before the next start in ms, or undefined once it gave up (for good). */
  failed(): number | undefined {
    if (this._gaveUp) return undefined;
    const now = this._now();
    this._failures = this._failures.filter((at) => now - at < this._limits.windowMs);
    this._failures.push(now);
    const delay = this._limits.delaysMs[this._failures.length - 1];
    if (delay === undefined) this._gaveUp = true;
    return delay;
  }
}
