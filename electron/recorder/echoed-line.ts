// SPDX-License-Identifier: MIT

/** The echoed line with edits undone; `plain` when it was typed straight, so it is exactly the line. */
export interface TypedLine {
  readonly line: string;
  readonly plain: boolean;
}

/** Prompt and echo of one command line are short; a prompt longer than this is not worth holding. */
const MAX_PREAMBLE_BYTES = 8 * 1024;

/**
 * What the shell echoed of the line being typed, for when it does not say the line itself: bash
 * with HISTCONTROL=ignorespace (Debian's and Ubuntu's default `ignoreboth`) drops a line typed with
 * a leading space from history before our integration can read it, so the command starts with no
 * command line. The echo between the prompt's end mark and the command's start still shows it.
 *
 * Holds a copy of the output from the last prompt on: only while a prompt is on screen, which is
 * keystroke-sized output, never a flood. (The heuristic segmenter follows the keystrokes instead:
 * electron/segmenter/keystroke-line.ts.)
 */
export class EchoedLine {
  private _start = 0;
  private _parts: Buffer[] = [];
  private _size = 0;
  private _active = false;

  /** A prompt began at `offset`; `rest` is the output from there to the end of the current read. */
  prompt(offset: number, rest: Buffer): void {
    this._active = true;
    this._start = offset;
    this._parts = [Buffer.from(rest)];
    this._size = rest.length;
  }

  /** Output that followed, while a prompt is on screen. */
  append(bytes: Buffer): void {
    if (!this._active || bytes.length === 0) return;
    this._size += bytes.length;
    if (this._size > MAX_PREAMBLE_BYTES) {
      this.reset();
      return;
    }
    this._parts.push(Buffer.from(bytes));
  }

  /**
   * The echoed text of [from, to) with terminal controls and line editing undone (`line`), and
   * whether the echo was plain typing with no edits or redraws (`plain`: then it is exactly the
   * line, fit to record as the command line); then forgets it.
   */
  take(from: number, to: number): TypedLine | null {
    if (!this._active || from < this._start) return this.reset();
    const all = Buffer.concat(this._parts);
    this.reset();
    const raw = all.subarray(from - this._start, Math.max(from, to) - this._start).toString('utf8');
    // After Enter the shell may switch modes before the command starts (bash: ESC[?2004l, bracketed
    // paste off): what follows the first line ending is the typed line only if it shows anything.
    const [first = '', ...rest] = raw.split(/\r*\n/);
    const echo = plainEcho(rest.join('\n')).trim() === '' ? first : raw.replace(/[\r\n]+$/, '');
    return { line: plainEcho(echo), plain: !/[\x00-\x1f\x7f]/.test(echo) };
  }

  reset(): null {
    this._active = false;
    this._parts = [];
    this._size = 0;
    return null;
  }
}

/** Strips CSI/OSC sequences and carriage returns, applies backspaces, drops the line ending (bash writes \r\r\n). */
export const plainEcho = (echo: string): string => {
  const text = echo
    .replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, '')
    .replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '')
    .replace(/\x1b[@-_]/g, '')
    .replace(/[\r\n]+$/, '')
    .replace(/\r/g, '');
  let out = '';
  for (const char of text) out = char === '\b' || char === '\x7f' ? out.slice(0, -1) : out + char;
  return out;
};
