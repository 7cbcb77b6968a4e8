// SPDX-License-Identifier: MIT

const NONCE_REPLACEMENT = '[nonce]';

export type EmitRange = (data: Buffer, start: number, end: number) => void;

/** Whether data[at, at + length) equals the first `length` bytes of the nonce. */
const matches = (data: Buffer, at: number, nonce: Buffer, length: number): boolean => {
  for (let i = 0; i < length; i++) if (data[at + i] !== nonce[i]) return false;
  return true;
};

/**
 * Replaces the session nonce wherever it shows up in output (`set` and `declare -p` print the
 * shell variable that holds it), so it is never stored or shown. A trailing partial match is held
 * until the next bytes decide it, which makes the result identical for any chunking; `flush` gives
 * it up early (on idle, or at a valid mark, which acts as a barrier).
 */
export class NonceRedactor {
  private _held: Buffer | undefined;
  private readonly _nonce: Buffer;
  private readonly _first: number;
  private readonly _replacement = Buffer.from(NONCE_REPLACEMENT, 'latin1');
  /** The last first-byte search: in which buffer, and where (MAX_SAFE_INTEGER: none after). */
  private _searched: Buffer | undefined;
  private _found = 0;

  constructor(nonce: string) {
    this._nonce = Buffer.from(nonce, 'latin1');
    this._first = this._nonce[0]!;
  }

  get heldBytes(): number {
    return this._held?.length ?? 0;
  }

  /** A new chunk begins: forget the last search (the caller may reuse its buffers). */
  beginChunk(): void {
    this._searched = undefined;
  }

  /** Redacts `data[start, end)`, handing the result on as ranges (valid during the call). */
  push(data: Buffer, start: number, end: number, emit: EmitRange): void {
    if (this._held) {
      const held = this._held;
      this._held = undefined;
      data = Buffer.concat([held, data.subarray(start, end)]);
      start = 0;
      end = data.length;
    }
    // memchr for the nonce's first byte, then compare in place: newNonce() starts the nonce with a
    // byte that is rare in output, so this is one native pass (Buffer.indexOf(Buffer) rebuilds its
    // search tables on every call, which costs more than the search on pty-sized reads). The
    // position found is remembered, so many small ranges of one chunk stay one pass.
    const nonce = this._nonce;
    const length = nonce.length;
    let from = start;
    let keep = 0;
    let at = this._nextFirst(data, start);
    while (at >= 0 && at < end) {
      if (at + length <= end) {
        if (matches(data, at, nonce, length)) {
          if (at > from) emit(data, from, at);
          emit(this._replacement, 0, this._replacement.length);
          from = at + length;
        }
      } else if (matches(data, at, nonce, end - at)) {
        keep = end - at;
        break;
      }
      at = this._nextFirst(data, Math.max(at + 1, from));
    }
    if (end - keep > from) emit(data, from, end - keep);
    if (keep > 0) this._held = Buffer.from(data.subarray(end - keep, end));
  }

  flush(emit: EmitRange): void {
    const held = this._held;
    this._held = undefined;
    if (held) emit(held, 0, held.length);
  }

  private _nextFirst(data: Buffer, from: number): number {
    if (data !== this._searched || this._found < from) {
      this._searched = data;
      this._found = data.indexOf(this._first, from);
      if (this._found < 0) this._found = Number.MAX_SAFE_INTEGER;
    }
    return this._found === Number.MAX_SAFE_INTEGER ? -1 : this._found;
  }
}
