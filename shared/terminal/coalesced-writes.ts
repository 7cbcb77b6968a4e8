// SPDX-License-Identifier: MIT

type Entry = { readonly data: string; readonly parsed: (() => void) | undefined; readonly alone?: true } | { readonly step: () => void };

/**
 * Keeps one write in a terminal's parser at a time and joins what arrives meanwhile into the next.
 * xterm.js parses a write in slices of its time budget, so during a flood a busy parser gets many
 * small writes queued behind it; joined, the next one is large enough for dropScrolledOff
 * (scrolled-off.ts) to skip everything in it that the history cannot keep, where each small write
 * alone had too few lines to skip any. Steps (a mark, a snapshot) run in stream order: once what
 * was written before them is parsed, before anything written after.
 */
export class CoalescedWrites {
  private _busy = false;
  private readonly _queue: Entry[] = [];

  constructor(private readonly _write: (data: string, parsed: () => void) => void) {}

  write(data: string, parsed?: () => void): void {
    this._queue.push({ data, parsed });
    this._pump();
  }

  /**
   * Writes `data` never joined with what comes before or after it, and writes nothing after it
   * until it is parsed and `parsed` has run: a snapshot whose marks are placed from the cursor
   * where it leaves it.
   */
  writeAlone(data: string, parsed: () => void): void {
    this._queue.push({ data, parsed, alone: true });
    this._pump();
  }

  /** Runs `step` once everything written before it is parsed. */
  after(step: () => void): void {
    this._queue.push({ step });
    this._pump();
  }

  private _pump(): void {
    while (!this._busy && this._queue.length > 0) {
      const head = this._queue[0]!;
      if ('step' in head) {
        this._queue.shift();
        head.step();
        continue;
      }
      let count = 0;
      const parts: string[] = [];
      const callbacks: Array<() => void> = [];
      for (const entry of this._queue) {
        if (!('data' in entry) || (count > 0 && entry.alone)) break;
        parts.push(entry.data);
        if (entry.parsed) callbacks.push(entry.parsed);
        count++;
        if (entry.alone) break;
      }
      this._queue.splice(0, count);
      this._busy = true;
      this._write(parts.length === 1 ? parts[0]! : parts.join(''), () => {
        this._busy = false;
        for (const callback of callbacks) callback();
        this._pump();
      });
    }
  }
}
