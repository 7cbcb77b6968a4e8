// SPDX-License-Identifier: MIT

interface Span {
  readonly sessionId: string;
  bytes: number;
  /** The store's running total of chunk bytes once this span's last chunk was appended. */
  end: number;
}

/**
 * Which session the store's uncommitted chunk bytes belong to. The writer commits in the order
 * chunks were appended, so with A bytes appended in all and B still uncommitted, the first A − B
 * are committed: the spans ending at or before that are dropped from the front, each in O(1).
 * A session's consecutive chunks share one span, which is dropped once its last chunk is
 * committed: a share may read high by what was committed of that span, never low.
 *
 * Flow control needs the split: the backlog as a whole says the writer is behind, the share says
 * who put it there. Holding every pty on the total made a shell typed in wait, once for over 10 s,
 * behind a `yes` in another tab while the writer was busy.
 */
export class SessionBacklog {
  private readonly _spans: Span[] = [];
  private _head = 0;
  private _appended = 0;
  private readonly _shares = new Map<string, number>();

  /** `uncommitted`: the store's backlog before this chunk. */
  append(sessionId: string, bytes: number, uncommitted: number): void {
    this._settle(this._appended - uncommitted);
    this._appended += bytes;
    const last = this._spans.length > this._head ? this._spans[this._spans.length - 1]! : undefined;
    if (last?.sessionId === sessionId) {
      last.bytes += bytes;
      last.end = this._appended;
    } else {
      this._spans.push({ sessionId, bytes, end: this._appended });
    }
    this._shares.set(sessionId, (this._shares.get(sessionId) ?? 0) + bytes);
  }

  /** Spans held in memory, the dropped ones not yet compacted away included. */
  get heldSpans(): number {
    return this._spans.length;
  }

  /** Session `sessionId`'s bytes among the last `uncommitted` appended (the store's backlog now). */
  shareOf(sessionId: string, uncommitted: number): number {
    this._settle(this._appended - uncommitted);
    return this._shares.get(sessionId) ?? 0;
  }

  private _settle(committed: number): void {
    while (this._head < this._spans.length && this._spans[this._head]!.end <= committed) {
      const { sessionId, bytes } = this._spans[this._head++]!;
      const left = this._shares.get(sessionId)! - bytes;
      if (left > 0) this._shares.set(sessionId, left);
      else this._shares.delete(sessionId);
    }
    // Emptied whenever the writer has caught up (the usual case: it commits every 20 ms), else
    // compacted once the dropped front outweighs what is left: the array stays as long as the
    // backlog. Emptying only past 1,024 dropped spans kept up to that many in a quiet host.
    if (this._head === this._spans.length) {
      this._spans.length = 0;
      this._head = 0;
    } else if (this._head > 1024 && this._head * 2 > this._spans.length) {
      this._spans.splice(0, this._head);
      this._head = 0;
    }
  }
}
