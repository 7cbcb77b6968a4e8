// SPDX-License-Identifier: MIT
import { NonceRedactor, type EmitRange } from './nonce-redactor';

/** Remote shells' nonces redacted at once; an older one's redactor goes when a newer one comes. */
const MAX_REMOTE = 4;

/**
 * The session nonce's redactor, followed by those of the remote shells integrated over ssh in this
 * session: no nonce may reach the screen or the store (`set` prints the variables that hold them).
 */
export class Redactors {
  /** The session's redactor first, then the remote shells'. */
  private readonly _chain: NonceRedactor[];
  /** `_next[i]` hands stage i's output to stage i + 1; the last one to `_emit`. */
  private readonly _next: EmitRange[] = [];
  private _emit: EmitRange = () => undefined;

  constructor(nonce: string) {
    this._chain = [new NonceRedactor(nonce)];
    this._link();
  }

  /** Bytes held back only because they may start a nonce. */
  get heldBytes(): number {
    let held = 0;
    for (const redactor of this._chain) held += redactor.heldBytes;
    return held;
  }

  /** Redacts a remote shell's nonce too, from now on. */
  addRemote(nonce: string, emit: EmitRange): void {
    this.flush(emit);
    if (this._chain.length > MAX_REMOTE) this._chain.splice(1, 1);
    this._chain.push(new NonceRedactor(nonce));
    this._link();
  }

  beginChunk(): void {
    for (const redactor of this._chain) redactor.beginChunk();
  }

  push(data: Buffer, start: number, end: number, emit: EmitRange): void {
    this._emit = emit;
    this._chain[0]!.push(data, start, end, this._next[0]!);
  }

  flush(emit: EmitRange): void {
    this._emit = emit;
    for (let i = 0; i < this._chain.length; i++) this._chain[i]!.flush(this._next[i]!);
  }

  private _link(): void {
    this._next.length = 0;
    for (let i = 0; i < this._chain.length; i++) {
      const next = this._chain[i + 1];
      this._next.push(
        next ? (data, start, end) => next.push(data, start, end, this._next[i + 1]!) : (data, start, end) => this._emit(data, start, end),
      );
    }
  }
}
