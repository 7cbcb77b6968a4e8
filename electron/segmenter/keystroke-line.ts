// SPDX-License-Identifier: MIT
import { StringDecoder } from 'node:string_decoder';

/** Longer typed lines are not worth tracking: the screen line is used instead. */
const MAX_LINE = 8192;

export type KeystrokeAction = { kind: 'enter'; line: string; certain: boolean } | { kind: 'cancel' };

/**
 * Follows what the user types into a line-oriented program, from the input stream alone:
 * printable text, backspace/DEL, Ctrl+U, Ctrl+W, Ctrl+C. Editing keys whose effect depends on the
 * program (arrows, Home/End, Tab completion, history, readline chords) make the line `uncertain`,
 * and the caller then reads the command from the screen instead. Escape sequences never leak into
 * the line, even when split across input chunks.
 *
 * The heuristic detector's (heuristic.ts) view of a line, from keystrokes; the recorder's
 * EchoedLine (electron/recorder/echoed-line.ts) reads the same line from the shell's echo instead.
 */
export class KeystrokeLine {
  private _chars: string[] = [];
  private _certain = true;
  private _lastWasCr = false;
  /** An escape sequence in progress (split across chunks), or undefined. */
  private _escape: string | undefined;
  private readonly _decoder = new StringDecoder('utf8');

  get bufferedChars(): number {
    return this._chars.length + (this._escape?.length ?? 0);
  }

  reset(): void {
    this._chars = [];
    this._certain = true;
  }

  feed(chunk: Buffer): KeystrokeAction[] {
    const actions: KeystrokeAction[] = [];
    for (const ch of this._decoder.write(chunk)) {
      if (this._escape !== undefined) {
        this._continueEscape(ch);
        continue;
      }
      const code = ch.codePointAt(0)!;
      const wasCr = this._lastWasCr;
      this._lastWasCr = code === 0x0d;
      if (code === 0x0d || code === 0x0a) {
        // CR LF from a paste or a terminal in LNM mode is one Enter, not two.
        if (code === 0x0a && wasCr) continue;
        actions.push({ kind: 'enter', line: this._chars.join(''), certain: this._certain });
        this.reset();
      } else if (code === 0x1b) this._escape = '';
      else if (code === 0x7f || code === 0x08) this._chars.pop();
      else if (code === 0x15) this._chars = [];
      else if (code === 0x17) this._deleteWord();
      else if (code === 0x03) {
        this.reset();
        actions.push({ kind: 'cancel' });
      } else if (code === 0x0c || code === 0x07) {
        // Clear screen and bell change nothing in the line.
      } else if (code < 0x20 || (code >= 0x80 && code < 0xa0)) this._certain = false;
      else if (this._chars.length < MAX_LINE) this._chars.push(ch);
      else this._certain = false;
    }
    return actions;
  }

  private _deleteWord(): void {
    while (this._chars.length > 0 && this._chars[this._chars.length - 1] === ' ') this._chars.pop();
    while (this._chars.length > 0 && this._chars[this._chars.length - 1] !== ' ') this._chars.pop();
  }

  /**
   * Escape sequences: CSI (`ESC [` … final), SS3 (`ESC O x`), or Alt+key (`ESC x`). Cursor and
   * editing keys make the line uncertain; bracketed-paste brackets, focus reports and the like
   * change nothing.
   */
  private _continueEscape(ch: string): void {
    const seq = (this._escape ?? '') + ch;
    if (seq.length > 64) {
      this._escape = undefined;
      this._certain = false;
      return;
    }
    if (seq.length === 1) {
      if (ch === '[' || ch === 'O') this._escape = seq;
      else {
        this._escape = undefined;
        this._certain = false; // Alt+key: readline word motions and the like.
      }
      return;
    }
    const code = ch.charCodeAt(0);
    const final = seq[0] === 'O' ? seq.length === 2 : code >= 0x40 && code <= 0x7e;
    if (!final) {
      this._escape = seq;
      return;
    }
    this._escape = undefined;
    if (!IGNORED_ESCAPES.has(seq)) this._certain = false;
  }
}

/** Input escapes that do not touch the line: paste brackets, focus in/out. */
const IGNORED_ESCAPES = new Set(['[200~', '[201~', '[I', '[O']);
