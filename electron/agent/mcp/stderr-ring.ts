// SPDX-License-Identifier: MIT
import { StringDecoder } from 'node:string_decoder';

const MAX_LINES = 200;
const MAX_LINE = 2_000;

/**
 * The last lines a server wrote to stderr, for Settings → Tools: why a server failed is usually
 * there. Bounded in lines and line length, so a chatty server cannot grow our memory.
 */
export class StderrRing {
  private readonly _lines: string[] = [];
  private _partial = '';
  private readonly _decoder = new StringDecoder('utf8');

  push(chunk: Buffer | string): void {
    const text = this._partial + (typeof chunk === 'string' ? chunk : this._decoder.write(chunk));
    const parts = text.split(/\r?\n/);
    this._partial = (parts.pop() ?? '').slice(-MAX_LINE);
    for (const line of parts) this._add(line);
  }

  private _add(line: string): void {
    this._lines.push(line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line);
    if (this._lines.length > MAX_LINES) this._lines.splice(0, this._lines.length - MAX_LINES);
  }

  /** Complete lines, oldest first, then what is written of the current one. */
  lines(): string[] {
    return this._partial === '' ? [...this._lines] : [...this._lines, this._partial];
  }
}
