// SPDX-License-Identifier: MIT

/**
 * Output characters a mirror may lag behind before its pty waits (a flood faster than the parse),
 * and all mirrors together. What is not parsed yet lives in the worker's heap as strings, so the
 * total bounds the worker's memory during floods: with no total, eight floods once queued ~160 MB
 * there. Per pty it stays at 16M: the worker runs at a lower priority, and at 2M a flood on the
 * 2-core bench machine waited on it so often that `cat` into the page measured 0.72 of the bare
 * page in a full run and 0.88 in a quick one, against 1.07 at 16M in the quick run right after.
 * The total is no more than that (it was 32M): one flood keeps its 16M, and eight at once queue
 * half of what they did, the mirror's part of the peak (`server_rss_mb_peak_8_floods`, issue 44).
 */
const MIRROR_BACKLOG_CHARS = 16 * 1024 * 1024;
const MIRROR_BACKLOG_TOTAL_CHARS = 16 * 1024 * 1024;
/**
 * Past the total, only a pty with more than this unparsed waits: a shell being typed in always has
 * a little, and must not wait on other tabs' floods. The total then stops at its limit plus this
 * much per pty.
 */
const MIRROR_BACKLOG_SHARE_CHARS = 1024 * 1024;

/** Characters posted to the mirror worker and not yet parsed, per pty, with their total. */
export class MirrorBacklog {
  private readonly _chars = new Map<string, number>();
  private _total = 0;

  get total(): number {
    return this._total;
  }

  /** Sets a pty's backlog (a mirror opened with everything it was written), or adds to it. */
  set(id: string, chars: number): void {
    this._total += chars - (this._chars.get(id) ?? 0);
    this._chars.set(id, chars);
  }

  add(id: string, chars: number): void {
    this.set(id, (this._chars.get(id) ?? 0) + chars);
  }

  /** The worker parsed `chars` of pty `id` (ignored for a pty no longer counted). */
  parsed(id: string, chars: number): void {
    const backlog = this._chars.get(id);
    if (backlog !== undefined) this.set(id, Math.max(0, backlog - chars));
  }

  delete(id: string): void {
    this.set(id, 0);
    this._chars.delete(id);
  }

  clear(): void {
    this._chars.clear();
    this._total = 0;
  }

  /** Whether pty `id` must wait: past its own limit, or well behind while all of them together are past theirs. */
  congested(id: string): boolean {
    const chars = this._chars.get(id) ?? 0;
    return chars > MIRROR_BACKLOG_CHARS || (chars > MIRROR_BACKLOG_SHARE_CHARS && this._total > MIRROR_BACKLOG_TOTAL_CHARS);
  }
}
