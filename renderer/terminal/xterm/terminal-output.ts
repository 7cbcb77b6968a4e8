// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';
import { CoalescedWrites } from '../../../shared/terminal/coalesced-writes';
import { FlowControl } from '../../../shared/terminal/flow-control';
import { ScrolledOffTrim } from '../../../shared/terminal/scrolled-off';
import { slicedTarget } from './sliced-writes';

/**
 * A pty's output on its way into one xterm.js, in stream order. One write is in xterm's parser at a
 * time and what arrives meanwhile is joined into the next, so a flood is trimmed of what the
 * history could not keep across everything the flow-control window let queue, not per batch
 * (shared/terminal/scrolled-off.ts), and handed to xterm in slices (sliced-writes.ts). Output is
 * acknowledged once parsed, at full length: what was trimmed was sent, only never parsed, and
 * the acks are what make flow control follow the page's real speed.
 */
export class TerminalOutput {
  private readonly _trim: ScrolledOffTrim;
  private readonly _writes: CoalescedWrites;
  private _unacked = 0;

  constructor(
    private readonly _term: Terminal,
    private readonly _ack: (chars: number) => void,
  ) {
    this._trim = new ScrolledOffTrim(slicedTarget(_term));
    this._writes = new CoalescedWrites((data, parsed) => this._trim.write(data, _term.options.scrollback ?? 0, parsed));
  }

  write(data: string): void {
    this._writes.write(data, () => {
      this._unacked += data.length;
      if (this._unacked >= FlowControl.ACK_CHARS) this._flushAck();
    });
  }

  /** Runs `step` once everything written before it is parsed, before anything written after it. */
  after(step: () => void): void {
    this._writes.after(step);
  }

  /**
   * Paints a snapshot in stream order: once what came before is parsed, `reset` runs (xterm is reset
   * with it), then the snapshot is written on its own, and `painted` runs before any later output.
   */
  repaint(data: string, reset: () => void, painted: () => void): void {
    this._writes.after(() => {
      this._term.reset();
      this._trim.reset();
      reset();
    });
    this._writes.writeAlone(data, painted);
  }

  private _flushAck(): void {
    const chars = this._unacked;
    this._unacked = 0;
    this._ack(chars);
  }
}
