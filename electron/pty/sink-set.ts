// SPDX-License-Identifier: MIT
import type { TerminalMark } from '../../shared/ipc/pty';
import { FlowControl } from '../../shared/terminal/flow-control';
import type { PtyExit } from './types';

/** Where a pty's decoded output goes: one per attached renderer (a window or a browser tab). */
export interface PtySink {
  /** Whether the renderer's window is visible; only visible renderers may hold the pty back. */
  readonly visible: boolean;
  /** `end`: the output stream position after `data`, so a re-attaching renderer can line up. */
  data(id: string, data: string, end: number): void;
  mark(id: string, mark: TerminalMark, at: number): void;
  exit(id: string, exit: PtyExit): void;
  /** This renderer fell too far behind while hidden and gets no more output until it re-attaches. */
  detached(id: string): void;
}

export interface SinkSetOptions {
  readonly pause: () => void;
  readonly resume: () => void;
  readonly highWatermark?: number;
  readonly lowWatermark?: number;
  /** A hidden renderer this far behind is detached rather than buffered for without bound. */
  readonly detachAfter?: number;
}

/** Characters a hidden renderer may fall behind before it is detached (it repaints on re-attach). */
export const HIDDEN_BACKLOG_CHARS = 8 * 1024 * 1024;

/**
 * Every attached renderer of one pty, with ack-based flow control across them: the pty pauses
 * while any *visible* renderer has more than the high watermark unparsed, and resumes once every
 * visible one is below the low watermark. A hidden window (its timers throttled by the browser)
 * never holds the others back; if it falls far behind it is detached and repaints from the
 * screen mirror when it comes back. With no renderer at all nothing is counted, so a background
 * session keeps recording at full speed.
 */
export class SinkSet {
  private readonly _unacked = new Map<PtySink, number>();
  private _paused = false;
  private readonly _high: number;
  private readonly _low: number;
  private readonly _detachAfter: number;

  constructor(
    private readonly _id: string,
    private readonly _options: SinkSetOptions,
  ) {
    this._high = _options.highWatermark ?? FlowControl.HIGH_WATERMARK_CHARS;
    this._low = _options.lowWatermark ?? FlowControl.LOW_WATERMARK_CHARS;
    this._detachAfter = _options.detachAfter ?? HIDDEN_BACKLOG_CHARS;
    if (this._low >= this._high) throw new RangeError('low watermark must be below the high watermark');
  }

  get paused(): boolean {
    return this._paused;
  }

  get size(): number {
    return this._unacked.size;
  }

  has(sink: PtySink): boolean {
    return this._unacked.has(sink);
  }

  sinks(): PtySink[] {
    return [...this._unacked.keys()];
  }

  unacked(sink: PtySink): number | undefined {
    return this._unacked.get(sink);
  }

  add(sink: PtySink): void {
    this._unacked.set(sink, 0);
    this.evaluate();
  }

  remove(sink: PtySink): void {
    if (this._unacked.delete(sink)) this.evaluate();
  }

  clear(): void {
    this._unacked.clear();
    this.evaluate();
  }

  /** Sends one batch to every renderer, counting it against each. */
  data(data: string, end: number): void {
    for (const [sink, unacked] of this._unacked) {
      const next = unacked + data.length;
      if (!sink.visible && next > this._detachAfter) {
        this._unacked.delete(sink);
        sink.detached(this._id);
        continue;
      }
      this._unacked.set(sink, next);
      sink.data(this._id, data, end);
    }
    this.evaluate();
  }

  mark(mark: TerminalMark, at: number): void {
    for (const sink of this._unacked.keys()) sink.mark(this._id, mark, at);
  }

  exit(exit: PtyExit): void {
    for (const sink of this._unacked.keys()) sink.exit(this._id, exit);
  }

  ack(sink: PtySink, chars: number): void {
    const unacked = this._unacked.get(sink);
    if (unacked === undefined) return;
    // Clamp at 0: a renderer that re-attached may ack output sent before its counter was reset.
    this._unacked.set(sink, Math.max(0, unacked - chars));
    this.evaluate();
  }

  /** Re-decides the pause, e.g. after a renderer's visibility changed. */
  evaluate(): void {
    // Runs after every output batch: one pass over the (one or two) renderers, no allocations.
    let highest = 0;
    for (const [sink, unacked] of this._unacked) if (sink.visible && unacked > highest) highest = unacked;
    if (!this._paused && highest > this._high) this._setPaused(true);
    else if (this._paused && highest < this._low) this._setPaused(false);
  }

  private _setPaused(paused: boolean): void {
    this._paused = paused;
    if (paused) this._options.pause();
    else this._options.resume();
  }
}
