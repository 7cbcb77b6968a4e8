// SPDX-License-Identifier: MIT
import type { TerminalMark } from '../../shared/ipc/pty';
import type { PtySink } from '../pty/pty-manager';
import type { PtyExit } from '../pty/types';

type Sent =
  | { readonly kind: 'data'; readonly data: string; readonly end: number }
  | { readonly kind: 'mark'; readonly mark: TerminalMark; readonly at: number }
  | { readonly kind: 'exit'; readonly exit: PtyExit };

/**
 * Stands in for the window a terminal was opened for before that window could ask (its page is
 * still loading; electron/ipc/start.ts): it keeps what the terminal sends, from its first byte,
 * and hands it to the window that claims the terminal, which then sees it exactly as if it had
 * been attached from the start, with no snapshot to parse.
 *
 * It shows the terminal and never acknowledges, so flow control pauses the pty once the high
 * watermark is unacknowledged: what is kept here is bounded by that, however much the shell prints.
 */
export class UnclaimedOutput implements PtySink {
  private readonly _sent: Sent[] = [];

  shows(): boolean {
    return true;
  }

  data(_id: string, data: string, end: number): void {
    this._sent.push({ kind: 'data', data, end });
  }

  mark(_id: string, mark: TerminalMark, at: number): void {
    this._sent.push({ kind: 'mark', mark, at });
  }

  exit(_id: string, exit: PtyExit): void {
    this._sent.push({ kind: 'exit', exit });
  }

  /** Never called for a sink that shows its terminal (sink-set.ts). */
  detached(): void {}

  /** Sends `sink` everything kept, in order, and forgets it. */
  replayTo(id: string, sink: PtySink): void {
    for (const sent of this._sent.splice(0)) {
      if (sent.kind === 'data') sink.data(id, sent.data, sent.end);
      else if (sent.kind === 'mark') sink.mark(id, sent.mark, sent.at);
      else sink.exit(id, sent.exit);
    }
  }
}
