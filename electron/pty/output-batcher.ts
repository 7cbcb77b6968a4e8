// SPDX-License-Identifier: MIT
import { OutputBatching } from '../../shared/terminal/flow-control';

/**
 * Coalesces decoded pty output into one message per ~5 ms (or OutputBatching.MAX_CHARS), like VS Code's
 * TerminalDataBufferer, so a flood costs one IPC message per batch instead of one per 4 KiB read.
 * A small chunk after an idle period is flushed at once so keystroke echo does not wait for the timer.
 */
export class OutputBatcher {
  private _parts: string[] = [];
  private _size = 0;
  private _timer: NodeJS.Timeout | undefined;
  private _lastFlush = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly _flush: (data: string) => void,
    private readonly _intervalMs: number = OutputBatching.INTERVAL_MS,
  ) {}

  push(data: string): void {
    if (data.length === 0) return;
    this._parts.push(data);
    this._size += data.length;
    if (this._size >= OutputBatching.MAX_CHARS) return this.flush();
    if (this._timer) return;
    const idle = performance.now() - this._lastFlush >= this._intervalMs;
    if (idle && this._size <= OutputBatching.IDLE_FLUSH_MAX_CHARS) return this.flush();
    this._timer = setTimeout(() => this.flush(), this._intervalMs);
  }

  flush(): void {
    if (this._timer) {
      clearTimeout(this._timer);
      this._timer = undefined;
    }
    if (this._size === 0) return;
    const data = this._parts.length === 1 ? this._parts[0]! : this._parts.join('');
    this._parts = [];
    this._size = 0;
    this._lastFlush = performance.now();
    this._flush(data);
  }

  dispose(): void {
    this.flush();
  }
}
