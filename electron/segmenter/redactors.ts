// SPDX-License-Identifier: MIT
import { NonceRedactor, type EmitRange } from './nonce-redactor';

/**
 * The session nonce's redactor, followed by a remote shell's while one is integrated over ssh:
 * neither nonce may reach the screen or the store (`set` prints the variables that hold them).
 */
export class Redactors {
  private readonly _session: NonceRedactor;
  private _remote: NonceRedactor | null = null;
  private _emit: EmitRange = () => undefined;
  private readonly _afterSession = (data: Buffer, start: number, end: number): void => {
    if (this._remote) this._remote.push(data, start, end, this._emit);
    else this._emit(data, start, end);
  };

  constructor(nonce: string) {
    this._session = new NonceRedactor(nonce);
  }

  /** Bytes held back only because they may start a nonce. */
  get heldBytes(): number {
    return this._session.heldBytes + (this._remote?.heldBytes ?? 0);
  }

  /** Redacts the remote shell's nonce too, or stops (what it held is handed on first). */
  setRemote(nonce: string | null, emit: EmitRange): void {
    this._remote?.flush(emit);
    this._remote = nonce === null ? null : new NonceRedactor(nonce);
  }

  beginChunk(): void {
    this._session.beginChunk();
    this._remote?.beginChunk();
  }

  push(data: Buffer, start: number, end: number, emit: EmitRange): void {
    this._emit = emit;
    this._session.push(data, start, end, this._afterSession);
  }

  flush(emit: EmitRange): void {
    this._emit = emit;
    this._session.flush(this._afterSession);
    this._remote?.flush(emit);
  }
}
