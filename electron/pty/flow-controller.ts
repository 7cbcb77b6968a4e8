// SPDX-License-Identifier: MIT
import { FlowControl } from '../../shared/terminal/flow-control';

export interface FlowControllerOptions {
  readonly highWatermark?: number;
  readonly lowWatermark?: number;
  readonly pause: () => void;
  readonly resume: () => void;
}

/**
 * Counts characters sent to a consumer but not yet acknowledged, pausing the producer above the
 * high watermark and resuming it below the low one. With no consumer attached nothing is counted,
 * so a background tab keeps recording at full speed.
 */
export class FlowController {
  private _unacked = 0;
  private _paused = false;
  private _engaged = false;
  private readonly _high: number;
  private readonly _low: number;

  constructor(private readonly _options: FlowControllerOptions) {
    this._high = _options.highWatermark ?? FlowControl.HIGH_WATERMARK_CHARS;
    this._low = _options.lowWatermark ?? FlowControl.LOW_WATERMARK_CHARS;
    if (this._low >= this._high) throw new RangeError('low watermark must be below the high watermark');
  }

  get unacked(): number {
    return this._unacked;
  }

  get paused(): boolean {
    return this._paused;
  }

  /** A consumer that acks is attached (true) or gone (false); detaching releases any pause. */
  engage(engaged: boolean): void {
    this._engaged = engaged;
    this._unacked = 0;
    if (!engaged) this._setPaused(false);
  }

  sent(chars: number): void {
    if (!this._engaged) return;
    this._unacked += chars;
    if (this._unacked > this._high) this._setPaused(true);
  }

  ack(chars: number): void {
    // Clamp at 0: a renderer that reloads may ack data sent before the counter was reset.
    this._unacked = Math.max(0, this._unacked - chars);
    if (this._unacked < this._low) this._setPaused(false);
  }

  private _setPaused(paused: boolean): void {
    if (paused === this._paused) return;
    this._paused = paused;
    if (paused) this._options.pause();
    else this._options.resume();
  }
}
