// SPDX-License-Identifier: MIT
import type { TerminalMark } from '../../shared/ipc/pty';
import { FlowControl } from '../../shared/terminal/flow-control';
import type { PtyExit } from './types';

/** Where a pty's decoded output goes: one per attached renderer (a window or a browser tab). */
export interface PtySink {
  /**
   * Whether this renderer has pty `id` on screen (its window visible and the terminal's tab
   * active). Only such renderers may hold the pty back, and only they are sent output as it comes.
   */
  shows(id: string): boolean;
  /** `end`: the output stream position after `data`, so a re-attaching renderer can line up. */
  data(id: string, data: string, end: number): void;
  mark(id: string, mark: TerminalMark, at: number): void;
  exit(id: string, exit: PtyExit): void;
  /** Too much output came while this renderer did not show the pty: it re-attaches for a fresh screen. */
  detached(id: string): void;
  /**
   * True once its renderer went away. A request that was answered after that (a reload during the
   * window's start) must not attach it: it would count as showing the pty and never acknowledge.
   */
  readonly gone?: boolean;
}

export interface SinkSetOptions {
  readonly pause: () => void;
  readonly resume: () => void;
  readonly highWatermark?: number;
  readonly lowWatermark?: number;
  /** Output held for a renderer not showing the pty beyond this many characters detaches it. */
  readonly holdLimit?: number;
}

/**
 * Characters held for a renderer that does not show a pty (a background tab, a hidden window)
 * before it is detached instead: about as much as a page parses in a fifth of a second, and more
 * than a 10,000-line scrollback of ordinary output. It repaints from the screen mirror when shown.
 */
const HIDDEN_HOLD_CHARS = 1_000_000;

type Held = { readonly data: string; readonly end: number } | { readonly mark: TerminalMark; readonly at: number };

interface SinkState {
  unacked: number;
  held: Held[];
  heldChars: number;
}

/**
 * Every attached renderer of one pty, with ack-based flow control across them: the pty pauses
 * while any renderer showing it has more than the high watermark unparsed, and resumes once every
 * such renderer is below the low watermark. A renderer that does not show the pty (a background
 * tab, a hidden window) never holds it back and is sent nothing meanwhile: its output is held here
 * and sent in one go when the terminal is shown (the page parses it once instead of competing with
 * the visible terminal and the keystrokes typed there), or, past `holdLimit`, dropped, and the
 * renderer detached. With no renderer at all nothing is counted: a background session records at
 * full speed.
 */
export class SinkSet {
  private readonly _sinks = new Map<PtySink, SinkState>();
  private _paused = false;
  private readonly _high: number;
  private readonly _low: number;
  private readonly _holdLimit: number;

  constructor(
    private readonly _id: string,
    private readonly _options: SinkSetOptions,
  ) {
    this._high = _options.highWatermark ?? FlowControl.HIGH_WATERMARK_CHARS;
    this._low = _options.lowWatermark ?? FlowControl.LOW_WATERMARK_CHARS;
    this._holdLimit = _options.holdLimit ?? HIDDEN_HOLD_CHARS;
    if (this._low >= this._high) throw new RangeError('low watermark must be below the high watermark');
  }

  get paused(): boolean {
    return this._paused;
  }

  get size(): number {
    return this._sinks.size;
  }

  has(sink: PtySink): boolean {
    return this._sinks.has(sink);
  }

  sinks(): PtySink[] {
    return [...this._sinks.keys()];
  }

  unacked(sink: PtySink): number | undefined {
    return this._sinks.get(sink)?.unacked;
  }

  /**
   * Attaches `sink` afresh: whatever it was owed before is covered by the snapshot it gets now.
   * `unacked`: what it was sent already that it has still to acknowledge (a hand-over's replay).
   */
  add(sink: PtySink, unacked = 0): void {
    this._sinks.set(sink, { unacked, held: [], heldChars: 0 });
    this.evaluate();
  }

  remove(sink: PtySink): void {
    if (this._sinks.delete(sink)) this.evaluate();
  }

  clear(): void {
    this._sinks.clear();
    this.evaluate();
  }

  /** Sends one batch to every renderer showing the pty and holds it for the others. */
  data(data: string, end: number): void {
    for (const [sink, state] of this._sinks) {
      if (!sink.shows(this._id)) {
        this._hold(sink, state, { data, end }, data.length);
        continue;
      }
      state.unacked += data.length;
      sink.data(this._id, data, end);
    }
    this.evaluate();
  }

  mark(mark: TerminalMark, at: number): void {
    for (const [sink, state] of this._sinks) {
      if (sink.shows(this._id)) sink.mark(this._id, mark, at);
      else this._hold(sink, state, { mark, at }, 0);
    }
  }

  /** The end of the stream: everything held goes out first, so the exit notice comes last. */
  exit(exit: PtyExit): void {
    for (const [sink, state] of this._sinks) {
      this._release(sink, state);
      sink.exit(this._id, exit);
    }
  }

  ack(sink: PtySink, chars: number): void {
    const state = this._sinks.get(sink);
    if (!state) return;
    // Clamp at 0: a renderer that re-attached may ack output sent before its counter was reset.
    state.unacked = Math.max(0, state.unacked - chars);
    this.evaluate();
  }

  /**
   * Re-decides the pause, and sends held output to renderers that show the pty again. Runs after
   * every output batch: one pass over the (one or two) renderers, no allocations.
   */
  evaluate(): void {
    let highest = 0;
    for (const [sink, state] of this._sinks) {
      if (!sink.shows(this._id)) continue;
      if (state.held.length > 0) this._release(sink, state);
      if (state.unacked > highest) highest = state.unacked;
    }
    if (!this._paused && highest > this._high) this._setPaused(true);
    else if (this._paused && highest < this._low) this._setPaused(false);
  }

  private _hold(sink: PtySink, state: SinkState, item: Held, chars: number): void {
    state.heldChars += chars;
    if (state.heldChars > this._holdLimit) {
      this._sinks.delete(sink);
      sink.detached(this._id);
      return;
    }
    state.held.push(item);
  }

  /** Sends what was held, consecutive batches joined into one message. */
  private _release(sink: PtySink, state: SinkState): void {
    const held = state.held;
    state.held = [];
    state.heldChars = 0;
    let parts: string[] = [];
    let end = 0;
    const flush = () => {
      if (parts.length === 0) return;
      const data = parts.join('');
      parts = [];
      state.unacked += data.length;
      sink.data(this._id, data, end);
    };
    for (const item of held) {
      if ('data' in item) {
        parts.push(item.data);
        end = item.end;
      } else {
        flush();
        sink.mark(this._id, item.mark, item.at);
      }
    }
    flush();
  }

  private _setPaused(paused: boolean): void {
    this._paused = paused;
    if (paused) this._options.pause();
    else this._options.resume();
  }
}
