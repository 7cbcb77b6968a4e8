// SPDX-License-Identifier: MIT
import { OscPs, type MarkSigner } from './osc-protocol';

const ESC = 0x1b;
const BEL = 0x07;
const BACKSLASH = 0x5c;
const SEMICOLON = 0x3b;
/** `ESC ] 1 3 3 ;` and `ESC ] 6 3 3 ;` (OscPs): the only introducers we ever hold bytes for. */
const INTRO_LENGTH = 6;

export interface MarkScannerSink {
  /** `data[start, end)` is not a valid mark; ranges come in stream order, valid during the call. */
  plain(data: Buffer, start: number, end: number): void;
  /**
   * A mark that carried one of the accepted nonces. `data[start, end)` is its payload between
   * `ESC ]` and `;<nonce>`, e.g. `133;D;0` (see readMark); it is only valid during the call.
   * `signer` is the slot of the nonce that signed it.
   */
  mark(data: Buffer, start: number, end: number, signer: MarkSigner): void;
}

/**
 * Streaming byte scanner for nonce-carrying OSC 133/633 marks. Plain runs are never looked at
 * byte by byte: `indexOf(ESC)` skips them natively; only a candidate's payload is walked, up to
 * its first control byte (so hostile input stays linear). Only a possible mark at the very end of
 * a chunk is held back, so a mark split across any chunk boundary is still found while plain
 * output flows on at once.
 *
 * A candidate is a mark when the first control byte after its introducer is BEL or the ESC of
 * ST, within `maxOscBytes`, and `;<nonce>` comes right before it. Anything else — oversized, cut
 * by another control byte, the wrong nonce — is handed on untouched as plain bytes.
 */
export class MarkScanner {
  private _held: Buffer | undefined;
  /** Accepted nonces by MarkSigner slot; only the session's is always there. */
  private readonly _keys: Array<Buffer | undefined>;

  constructor(
    nonce: string,
    private readonly _maxOscBytes: number,
  ) {
    // MarkSigner.Session, .Remote, .Request, in that order: marks are tried against them so.
    this._keys = [Buffer.from(nonce, 'latin1'), undefined, undefined];
    if (_maxOscBytes < INTRO_LENGTH + nonce.length + 4) throw new Error('segmenter: maxOscBytes too small for a mark');
  }

  /** Accepts marks signed with `nonce` in slot `signer` (a remote shell's, a request id), or stops. */
  setKey(signer: typeof MarkSigner.Remote | typeof MarkSigner.Request, nonce: string | undefined): void {
    if (nonce !== undefined && nonce.length + INTRO_LENGTH + 4 > this._maxOscBytes) throw new Error('segmenter: nonce too long');
    this._keys[signer] = nonce === undefined ? undefined : Buffer.from(nonce, 'latin1');
  }

  /** Bytes held back as a possible mark prefix (bounded by maxOscBytes). */
  get heldBytes(): number {
    return this._held?.length ?? 0;
  }

  push(chunk: Buffer, sink: MarkScannerSink, firstEsc?: number): void {
    let data = chunk;
    let esc: number;
    if (this._held) {
      data = Buffer.concat([this._held, chunk]);
      this._held = undefined;
      esc = 0;
    } else esc = firstEsc ?? chunk.indexOf(ESC);
    const len = data.length;
    const keys = this._keys;
    let plainStart = 0;
    while (esc >= 0) {
      if (esc + INTRO_LENGTH > len) {
        if (isIntroPrefix(data, esc)) return this._hold(data, esc, plainStart, sink);
        esc = data.indexOf(ESC, esc + 1);
        continue;
      }
      if (!isIntro(data, esc)) {
        esc = data.indexOf(ESC, esc + 1);
        continue;
      }
      // Our payloads are escaped, so the first control byte must be the terminator. Payloads are
      // a few dozen bytes: a plain loop beats a native call here.
      const limit = Math.min(len, esc + this._maxOscBytes);
      let j = esc + INTRO_LENGTH;
      while (j < limit && data[j]! >= 0x20) j++;
      if (j === limit) {
        if (limit === len && len - esc < this._maxOscBytes) return this._hold(data, esc, plainStart, sink);
        esc = data.indexOf(ESC, j); // Oversized: plain output.
        continue;
      }
      let end: number;
      if (data[j] === BEL) end = j + 1;
      else if (data[j] === ESC) {
        if (j + 1 === len) return this._hold(data, esc, plainStart, sink);
        if (data[j + 1] !== BACKSLASH) {
          esc = j; // An ESC that is not ST cuts the candidate and starts another sequence.
          continue;
        }
        end = j + 2;
      } else {
        esc = data.indexOf(ESC, j);
        continue;
      }
      for (let signer = 0; signer < keys.length; signer++) {
        const nonce = keys[signer];
        if (nonce === undefined) continue;
        const semicolon = j - nonce.length - 1;
        if (semicolon >= esc + INTRO_LENGTH - 1 && data[semicolon] === SEMICOLON && endsWithNonce(data, j, nonce)) {
          if (esc > plainStart) sink.plain(data, plainStart, esc);
          sink.mark(data, esc + 2, semicolon, signer as MarkSigner);
          plainStart = end;
          break;
        }
      }
      esc = data.indexOf(ESC, end);
    }
    if (len > plainStart) sink.plain(data, plainStart, len);
  }

  /** End of stream: whatever was held cannot become a mark any more. */
  flush(sink: MarkScannerSink): void {
    const held = this._held;
    this._held = undefined;
    if (held) sink.plain(held, 0, held.length);
  }

  private _hold(data: Buffer, from: number, plainStart: number, sink: MarkScannerSink): void {
    if (from > plainStart) sink.plain(data, plainStart, from);
    // A copy: the caller's chunk may be reused, and the held tail is small.
    this._held = Buffer.from(data.subarray(from));
  }
}

/** Whether `nonce` ends at `end` in `data` (a loop: cheaper than a native compare this short). */
const endsWithNonce = (data: Buffer, end: number, nonce: Buffer): boolean => {
  for (let i = nonce.length - 1, k = end - 1; i >= 0; i--, k--) if (data[k] !== nonce[i]) return false;
  return true;
};

/** `ESC ] 1|6 3 3 ;` byte by byte: the hot path's form of INTROS. */
const isIntro = (data: Buffer, at: number): boolean =>
  data[at + 1] === 0x5d &&
  (data[at + 2] === 0x31 || data[at + 2] === 0x36) &&
  data[at + 3] === 0x33 &&
  data[at + 4] === 0x33 &&
  data[at + 5] === SEMICOLON;

const INTROS = [OscPs.FinalTerm, OscPs.VSCode].map((ps) => Buffer.from(`\x1b]${ps};`, 'latin1'));

const isIntroPrefix = (data: Buffer, at: number): boolean => {
  const tail = data.subarray(at);
  return INTROS.some((intro) => intro.subarray(0, tail.length).equals(tail));
};
