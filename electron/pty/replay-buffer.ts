// SPDX-License-Identifier: MIT

/**
 * The most recent output of a pty, kept so a reloaded renderer can repaint its terminals. Bounded
 * by characters; whole chunks are dropped from the front, and the first kept chunk is trimmed.
 */
export class ReplayBuffer {
  private _chunks: string[] = [];
  private _size = 0;

  constructor(private readonly _maxChars: number) {}

  push(data: string): void {
    this._chunks.push(data);
    this._size += data.length;
    while (this._size - this._chunks[0]!.length >= this._maxChars) {
      this._size -= this._chunks.shift()!.length;
    }
  }

  snapshot(): string {
    const all = this._chunks.join('');
    this._chunks = all.length > 0 ? [all] : [];
    if (all.length <= this._maxChars) return all;
    // Start at a line boundary so the replay does not begin inside an escape sequence.
    const cut = all.length - this._maxChars;
    const newline = all.indexOf('\n', cut);
    return all.slice(newline === -1 ? cut : newline + 1);
  }
}
