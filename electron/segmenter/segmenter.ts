// SPDX-License-Identifier: MIT
import type { SegmentationMode } from '../../shared/domain/segmentation';
import { DEFAULT_CONTINUATION_PROMPTS, DEFAULT_PROMPT_ENDINGS, HeuristicDetector } from './heuristic';
import { assertValidNonce, unescapeMarkValue } from './mark-codec';
import { MarkScanner } from './mark-scanner';
import { NonceRedactor } from './nonce-redactor';
import type { SegmentEvent } from './segment-event';

export type { SegmentEvent } from './segment-event';

export interface SegmenterOptions {
  nonce: string;
  /** Matched literally at the end of the text left of the cursor; default `$ `, `# `, `% `, `❯ `. */
  promptEndings?: string[];
  /** Continuation prompts (PS2) after which a heuristic command line goes on; default `> `. */
  continuationPrompts?: string[];
  /**
   * Where the shell starts, when it is a local shell: heuristic commands are recorded there until
   * one may have moved the shell (cd, a nested shell…), then with null. Unknown when not given.
   */
  cwd?: string;
  /** The host the shell runs on, when local: kept until a command may have left it (ssh…). */
  hostname?: string;
  /** Longest mark payload held while waiting for its terminator; default 8 KiB. */
  maxOscBytes?: number;
  now?: () => number;
}

export interface SegmentResult {
  bytes: Buffer;
  events: SegmentEvent[];
}

type MarkState = 'idle' | 'prompt' | 'input' | 'running';

const EMPTY: Buffer = Buffer.alloc(0);
const SEMICOLON = 0x3b;
const ESC = 0x1b;

/** A decimal exit code in data[start, end), or null if it is anything else. */
const exitCode = (data: Buffer, start: number, end: number): number | null => {
  const digits = data[start] === 0x2d ? start + 1 : start;
  if (end <= digits || end - digits > 10) return null;
  let value = 0;
  for (let i = digits; i < end; i++) {
    const d = data[i]! - 0x30;
    if (d < 0 || d > 9) return null;
    value = value * 10 + d;
  }
  return digits > start ? -value : value;
};

/**
 * Splits one session's pty streams into commands. Marks from our shell integration are trusted
 * only with the session nonce and only in order (A → B → E → C → D); they are removed from the
 * stream, and the nonce is redacted from everything else. Until the first valid mark arrives a
 * heuristic prompt detector runs; once one does, the session is 'integrated' for good.
 */
export class Segmenter {
  private _mode: SegmentationMode = 'unknown';
  private _offset = 0;
  private _at = 0;
  private _events: SegmentEvent[] = [];
  private _state: MarkState = 'idle';
  private _commandLine: string | null = null;
  /** The whole command line, sent again while the command ran. */
  private _completedLine: string | null = null;
  /** Offset of the last prompt-end mark (B) of the prompt on screen: the typed line's echo starts there. */
  private _inputStart: number | null = null;
  private _cwd: string | null = null;
  private _hostname: string | null = null;
  private readonly _now: () => number;
  private readonly _scanner: MarkScanner;
  private readonly _redactor: NonceRedactor;
  private readonly _nonceFirst: number;
  private readonly _heuristic: HeuristicDetector;
  /** Output ranges of this call, as reused parallel arrays (no object per range on the hot path). */
  private readonly _partData: Buffer[] = [];
  private readonly _partStart: number[] = [];
  private readonly _partEnd: number[] = [];
  private _parts = 0;
  private readonly _emit = (data: Buffer, start: number, end: number): void => {
    if (end <= start) return;
    const n = this._parts++;
    this._partData[n] = data;
    this._partStart[n] = start;
    this._partEnd[n] = end;
    if (this._mode !== 'integrated') this._heuristic.output(data.subarray(start, end), this._offset, this._at);
    this._offset += end - start;
  };
  private readonly _sink = {
    plain: (data: Buffer, start: number, end: number): void => this._redactor.push(data, start, end, this._emit),
    mark: (data: Buffer, start: number, end: number): void => {
      // A valid mark is a barrier: a nonce prefix held before it is just output.
      this._redactor.flush(this._emit);
      this._mark(data, start, end);
    },
  };

  constructor(options: SegmenterOptions) {
    assertValidNonce(options.nonce);
    this._now = options.now ?? Date.now;
    this._scanner = new MarkScanner(options.nonce, options.maxOscBytes ?? 8192);
    this._redactor = new NonceRedactor(options.nonce);
    this._nonceFirst = options.nonce.charCodeAt(0);
    const context = {
      cwd: options.cwd ?? null,
      hostname: options.hostname ?? null,
      continuationPrompts: options.continuationPrompts ?? DEFAULT_CONTINUATION_PROMPTS,
    };
    this._heuristic = new HeuristicDetector(options.promptEndings ?? DEFAULT_PROMPT_ENDINGS, context, (event) => this._heuristicEvent(event));
  }

  get mode(): SegmentationMode {
    return this._mode;
  }

  /** Bytes held inside the segmenter (a partial mark, a partial nonce, the current line). */
  get bufferedBytes(): number {
    return this._scanner.heldBytes + this._redactor.heldBytes + this._heuristic.bufferedBytes;
  }

  /** Bytes held back from output only because they may start the nonce (see flush). */
  get pendingBytes(): number {
    return this._redactor.heldBytes;
  }

  output(chunk: Buffer): SegmentResult {
    this._at = this._now();
    const esc = chunk.indexOf(ESC);
    // Most reads of an integrated session hold neither a mark nor the nonce's first byte: pass
    // them on untouched without the scanner's machinery.
    if (esc < 0 && this._mode === 'integrated' && this._scanner.heldBytes === 0 && this._redactor.heldBytes === 0 && chunk.indexOf(this._nonceFirst) < 0) {
      this._offset += chunk.length;
      return { bytes: chunk, events: [] };
    }
    this._redactor.beginChunk();
    this._scanner.push(chunk, this._sink, esc);
    return this._take();
  }

  input(chunk: Buffer): SegmentEvent[] {
    if (this._mode === 'integrated') return [];
    this._at = this._now();
    this._heuristic.input(chunk, this._at);
    return this._take().events;
  }

  /**
   * Releases output held only as a possible start of the nonce. Call it when output has gone
   * idle (a few ms), so a typed character that happens to start the nonce is not kept from the
   * screen; the cost is that a nonce split across that pause would not be redacted.
   */
  flush(): SegmentResult {
    this._redactor.flush(this._emit);
    return this._take();
  }

  end(): SegmentResult {
    this._at = this._now();
    this._scanner.flush(this._sink);
    this._redactor.flush(this._emit);
    if (this._mode === 'integrated') {
      if (this._state === 'running') this._push({ type: 'command-end', offset: this._offset, exitCode: null, at: this._at });
      this._state = 'idle';
    } else this._heuristic.close(this._offset, this._at, true);
    return this._take();
  }

  private _take(): SegmentResult {
    const events = this._events;
    if (events.length > 0) this._events = [];
    const count = this._parts;
    const data = this._partData;
    let bytes: Buffer = EMPTY;
    if (count === 1 && this._partStart[0] === 0 && this._partEnd[0] === data[0]!.length) bytes = data[0]!;
    else if (count > 0) {
      let total = 0;
      for (let i = 0; i < count; i++) total += this._partEnd[i]! - this._partStart[i]!;
      bytes = Buffer.allocUnsafe(total);
      for (let i = 0, at = 0; i < count; i++) at += data[i]!.copy(bytes, at, this._partStart[i], this._partEnd[i]);
    }
    // Drop references to the caller's chunks so they can be collected.
    for (let i = 0; i < count; i++) data[i] = EMPTY;
    this._parts = 0;
    return { bytes, events: events.length > 0 ? events : [] };
  }

  private _push(event: SegmentEvent): void {
    this._events.push(event);
  }

  private _heuristicEvent(event: SegmentEvent): void {
    if (this._mode === 'unknown' && event.type === 'prompt') this._setMode('heuristic');
    this._push(event);
  }

  private _setMode(mode: SegmentationMode): void {
    this._mode = mode;
    this._push({ type: 'mode', mode, at: this._at });
  }

  /** `data[start, end)` is the payload without the nonce: `133;A`, `133;D;0`, `633;E;<escaped>`… */
  private _mark(data: Buffer, start: number, end: number): void {
    if (this._mode !== 'integrated') {
      this._heuristic.close(this._offset, this._at, false);
      this._setMode('integrated');
    }
    if (end < start + 5 || (end > start + 5 && data[start + 5] !== SEMICOLON)) return;
    const kind = data[start + 4];
    const offset = this._offset;
    const at = this._at;
    if (data[start] === 0x36) {
      if (kind === 0x45 && (this._state === 'prompt' || this._state === 'input')) {
        this._commandLine = unescapeMarkValue(data.toString('utf8', start + 6, end));
      } else if (kind === 0x45 && this._state === 'running') {
        this._completedLine = unescapeMarkValue(data.toString('utf8', start + 6, end));
      } else if (kind === 0x50) this._property(data.toString('utf8', start + 6, end), at);
      return;
    }
    switch (kind) {
      case 0x41: // A: prompt start.
        if (this._state === 'running') this._push({ type: 'command-end', offset, exitCode: null, at });
        this._push({ type: 'prompt', offset, at });
        this._state = 'prompt';
        this._inputStart = null;
        this._commandLine = null;
        this._completedLine = null;
        return;
      case 0x42: // B: prompt end, input starts.
        if (this._state === 'prompt') this._state = 'input';
        this._inputStart = offset;
        return;
      case 0x43: // C: output starts.
        if (this._state !== 'prompt' && this._state !== 'input') return;
        this._push({
          type: 'command-start', offset, commandLine: this._commandLine, cwd: this._cwd, hostname: this._hostname, source: 'integrated', at,
          ...(this._inputStart !== null ? { inputStart: this._inputStart } : {}),
        });
        this._state = 'running';
        this._inputStart = null;
        this._completedLine = null;
        return;
      case 0x44: // D: command end. Without C it was an empty Enter or Ctrl+C at the prompt.
        if (this._state === 'running') {
          const code = exitCode(data, start + 6, end);
          const completed = this._completedLine;
          this._push(completed === null ? { type: 'command-end', offset, exitCode: code, at } : { type: 'command-end', offset, exitCode: code, commandLine: completed, at });
        }
        this._state = 'idle';
        this._commandLine = null;
        this._completedLine = null;
        return;
    }
  }

  private _property(field: string, at: number): void {
    const eq = field.indexOf('=');
    if (eq < 0) return;
    const key = field.slice(0, eq);
    const value = unescapeMarkValue(field.slice(eq + 1));
    if (key === 'Cwd' && value !== this._cwd) {
      this._cwd = value;
      this._push({ type: 'cwd', cwd: value, at });
    } else if (key === 'Hostname' && value !== this._hostname) {
      this._hostname = value;
      this._push({ type: 'hostname', hostname: value, at });
    }
  }
}
