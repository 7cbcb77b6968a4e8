// SPDX-License-Identifier: MIT
import type { IDisposable, IMarker, Terminal } from '@xterm/xterm';

interface Barrier {
  /** The last line above the erased or painted-over region (the line above the viewport then). */
  readonly marker: IMarker;
  seq: number;
}

/** Beyond this many, the oldest barrier is widened to the whole buffer (hiding too much, never too little). */
const MAX_BARRIERS = 64;

/**
 * Where a screen clear or a full-screen program made the buffer stop meaning what the command
 * marks say. Marks and barriers are numbered in stream order: a mark numbered before a barrier no
 * longer describes the lines from that barrier's viewport down, because what is there now was
 * drawn after the clear (or by the program). A barrier whose line left the buffer (trimmed by
 * ED 3 or the scrollback limit, or a clear with no scrollback above it) covers every line.
 */
export class ScreenBarriers implements IDisposable {
  private readonly _barriers: Barrier[] = [];
  /** Marks numbered below this are no longer what any line shows (a reset, a barrier gone). */
  private _floor = 0;

  constructor(private readonly _term: Terminal) {}

  /** The viewport, from its top row down, no longer shows anything marked before `seq`. */
  fromViewport(seq: number): void {
    // The line above the viewport, not its top row: ED 2 disposes markers on the rows it erases.
    const line = this._term.buffer.active.baseY - 1;
    const last = this._barriers.at(-1);
    // A loop that keeps clearing the same screen moves one barrier on (it hides a superset).
    if (last && !last.marker.isDisposed && last.marker.line === line) {
      last.seq = seq;
      return;
    }
    const marker = this._term.registerMarker(-this._term.buffer.active.cursorY - 1);
    if (!marker || marker.isDisposed) return this.everything(seq);
    this._barriers.push({ marker, seq });
    this._prune();
  }

  /** Nothing in the buffer shows anything marked before `seq` (a terminal reset). */
  everything(seq: number): void {
    this._floor = Math.max(this._floor, seq);
    this._prune();
  }

  /** Whether buffer line `line` can no longer show the output of the mark numbered `seq`. */
  hides(seq: number, line: number): boolean {
    if (seq < this._floor) return true;
    return this._barriers.some((barrier) => barrier.seq > seq && (barrier.marker.isDisposed || barrier.marker.line < line));
  }

  /** Forgets every barrier (the screen is repainted from a snapshot). */
  clear(): void {
    for (const barrier of this._barriers.splice(0)) barrier.marker.dispose();
    this._floor = 0;
  }

  dispose(): void {
    this.clear();
  }

  private _prune(): void {
    // Barriers are numbered in order: one whose line is gone, or the oldest beyond the cap,
    // becomes the floor, which covers every barrier before it.
    for (const barrier of this._barriers) if (barrier.marker.isDisposed) this._floor = Math.max(this._floor, barrier.seq);
    if (this._barriers.length > MAX_BARRIERS)
      this._floor = Math.max(this._floor, this._barriers[this._barriers.length - MAX_BARRIERS - 1]!.seq);
    while (this._barriers[0] && this._barriers[0].seq <= this._floor) this._barriers.shift()!.marker.dispose();
  }
}
