// SPDX-License-Identifier: MIT

const EMPTY: Buffer = Buffer.alloc(0);

/**
 * The output ranges of one segmenter call, kept as reused parallel arrays (no object per range on
 * the hot path) and joined once at the end: a read with no mark or nonce in it stays the caller's
 * own buffer, uncopied.
 */
export class OutputRanges {
  private readonly _data: Buffer[] = [];
  private readonly _start: number[] = [];
  private readonly _end: number[] = [];
  private _count = 0;

  add(data: Buffer, start: number, end: number): void {
    const n = this._count++;
    this._data[n] = data;
    this._start[n] = start;
    this._end[n] = end;
  }

  /** The ranges added since the last call, as one buffer. */
  take(): Buffer {
    const count = this._count;
    const data = this._data;
    let bytes: Buffer = EMPTY;
    if (count === 1 && this._start[0] === 0 && this._end[0] === data[0]!.length) bytes = data[0]!;
    else if (count > 0) {
      let total = 0;
      for (let i = 0; i < count; i++) total += this._end[i]! - this._start[i]!;
      bytes = Buffer.allocUnsafe(total);
      for (let i = 0, at = 0; i < count; i++) at += data[i]!.copy(bytes, at, this._start[i], this._end[i]);
    }
    // Drop references to the caller's chunks so they can be collected.
    for (let i = 0; i < count; i++) data[i] = EMPTY;
    this._count = 0;
    return bytes;
  }
}
