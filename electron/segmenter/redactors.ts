// SPDX-License-Identifier: MIT
import { NonceRedactor, type EmitRange } from './nonce-redactor';

/** Remote shells' nonces redacted at once; an older one's redactor goes when a newer one comes. */
const MAX_REMOTE = 4;

/**
 * The session nonce's redactor, followed by those of the remote shells integrated over ssh in this
 * session: no nonce may reach the screen or the store (`set` prints the variables that hold them).
 */
export class Redactors {
  private readonly _session: NonceRedactor;
  private readonly _remote: NonceRedactor[] = [];
  private _emit: EmitRange = () => undefined;
  /** The remote redactors as one chain: stage i hands its output to stage i + 1, the last to `_emit`. */
  private readonly _stages: EmitRange[] = [];
  private readonly _afterSession: EmitRange = (data, start, end) => this._stage(0, data, start, end);

  constructor(nonce: string) {
    this._session = new NonceRedactor(nonce);
  }

  /** Bytes held back only because they may start a nonce. */
  get heldBytes(): number {
    let held = this._session.heldBytes;
    for (const remote of this._remote) held += remote.heldBytes;
    return held;
  }

  /** Redacts a remote shell's nonce too, from now on. */
  addRemote(nonce: string, emit: EmitRange): void {
    this.flush(emit);
    if (this._remote.length === MAX_REMOTE) this._remote.shift();
    this._remote.push(new NonceRedactor(nonce));
    this._stages.length = 0;
    for (let i = 0; i < this._remote.length; i++) this._stages.push((data, start, end) => this._stage(i + 1, data, start, end));
  }

  beginChunk(): void {
    this._session.beginChunk();
    for (const remote of this._remote) remote.beginChunk();
  }

  private _stage(index: number, data: Buffer, start: number, end: number): void {
    const remote = this._remote[index];
    if (remote) remote.push(data, start, end, this._stages[index]!);
    else this._emit(data, start, end);
  }

  push(data: Buffer, start: number, end: number, emit: EmitRange): void {
    this._emit = emit;
    this._session.push(data, start, end, this._afterSession);
  }

  flush(emit: EmitRange): void {
    this._emit = emit;
    this._session.flush(this._afterSession);
    for (let i = 0; i < this._remote.length; i++) this._remote[i]!.flush(this._stages[i]!);
  }
}
