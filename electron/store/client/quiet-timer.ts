// SPDX-License-Identifier: MIT

/**
 * Calls `onQuiet` once `quietMs` have passed since the last `touch()`. One timer, re-armed for the
 * remainder when it fires early, so a flood's thousands of touches cost a timestamp each, not a
 * clearTimeout/setTimeout pair. Unref'd: waiting to go quiet never keeps a process alive.
 */
export class QuietTimer {
  private _last = 0;
  private _timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly _quietMs: number,
    private readonly _onQuiet: () => void,
    private readonly _now: () => number = performance.now.bind(performance),
  ) {}

  touch(): void {
    this._last = this._now();
    if (!this._timer && Number.isFinite(this._quietMs)) this._arm(this._quietMs);
  }

  dispose(): void {
    clearTimeout(this._timer);
    this._timer = undefined;
  }

  private _arm(ms: number): void {
    this._timer = setTimeout(() => this._fire(), ms).unref();
  }

  private _fire(): void {
    this._timer = undefined;
    const left = this._last + this._quietMs - this._now();
    if (left > 0) return this._arm(left);
    this._onQuiet();
  }
}
