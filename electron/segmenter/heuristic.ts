// SPDX-License-Identifier: MIT
import { AltScreen } from './alt-screen';
import { commandEffects } from './command-effects';
import { KeystrokeLine } from './keystroke-line';
import { renderLine } from './line-model';
import type { SegmentEvent } from './segment-event';

export const DEFAULT_PROMPT_ENDINGS: readonly string[] = ['$ ', '# ', '% ', '❯ '];
/** PS2 of sh, dash, bash and ksh: a command line goes on after it. */
export const DEFAULT_CONTINUATION_PROMPTS: readonly string[] = ['> '];

/** What the detector knows of where the shell runs when it starts (null: nothing). */
export interface HeuristicContext {
  readonly cwd: string | null;
  readonly hostname: string | null;
  readonly continuationPrompts: readonly string[];
}

/** A prompt is short; a longer line is never taken for one, and is not kept. */
const MAX_LINE_BYTES = 4096;
const MAX_PROMPT_CHARS = 512;
const LF = 0x0a;
const CR = 0x0d;

/** `pending`: past the Enter's newline, but the line may still be a continuation prompt. */
type State = 'idle' | 'prompt' | 'await-output' | 'pending' | 'running';

/**
 * Segments a shell that has no integration (plain `sh`, ssh to a bare host). The output side only
 * keeps the current line and whether the alternate screen is on; decisions are taken when the user
 * types, which is when a prompt has stopped changing: a keystroke while the text left of the cursor
 * ends with a prompt ending (or equals the learned prompt) means a prompt; Enter there starts a
 * command whose output begins after the next newline, unless that line is a continuation prompt
 * (PS2) where the command line goes on. Nothing depends on how output was chunked.
 */
export class HeuristicDetector {
  private _state: State = 'idle';
  private _line: Buffer = Buffer.alloc(0);
  private _lineOverflow = false;
  private _lineStart = 0;
  private _lineAt = 0;
  private readonly _screen = new AltScreen();
  private _promptText = '';
  private _learned: string | undefined;
  private _commandLine = '';
  private _commandStart = 0;
  private _pendingStart = 0;
  /**
   * When the Enter that submitted the command was pressed: its start time. Its start offset waits
   * for the output (or the next prompt), which a silent command only shows once it has ended.
   */
  private _submittedAt = 0;
  private _cwd: string | null;
  private _hostname: string | null;
  private readonly _keystrokes = new KeystrokeLine();

  constructor(
    private readonly _endings: readonly string[],
    private readonly _context: HeuristicContext,
    private readonly _emit: (event: SegmentEvent) => void,
  ) {
    this._cwd = _context.cwd;
    this._hostname = _context.hostname;
  }

  get bufferedBytes(): number {
    return this._line.length + this._keystrokes.bufferedChars;
  }

  /** Output bytes in stream order; `offset` is where they start in the returned stream. */
  output(bytes: Buffer, offset: number, at: number): void {
    if (bytes.length === 0) return;
    const leftAlt = this._screen.scan(bytes);
    let nl = -1;
    if (this._state === 'await-output') {
      nl = bytes.indexOf(LF);
      if (nl >= 0) {
        this._pendingStart = offset + nl + 1;
        this._state = 'pending';
      }
    }
    // A whole line after the Enter's newline is output, whatever it starts with.
    if (this._state === 'pending' && bytes.indexOf(LF, nl + 1) >= 0) this._start(this._pendingStart);
    // Leaving the alternate screen restores the line the program started on, which was empty.
    const cut = Math.max(bytes.lastIndexOf(LF) + 1, leftAlt);
    if (cut > 0) {
      this._lineStart = offset + cut;
      this._line = Buffer.alloc(0);
      this._lineOverflow = false;
      this._appendLine(bytes.subarray(cut));
    } else if (!this._screen.on) this._appendLine(bytes);
    this._lineAt = at;
    if (this._state === 'pending' && this._continuation() === 'no') this._start(this._pendingStart);
  }

  input(chunk: Buffer, at: number): void {
    if (chunk.length === 0) return;
    this._checkPrompt();
    for (const action of this._keystrokes.feed(chunk)) {
      if (action.kind === 'cancel') {
        if (this._state === 'prompt') this._state = 'idle';
        // Ctrl+C at a continuation prompt drops the unfinished command; anywhere else it ran.
        else if (this._state === 'pending') {
          if (this._continuation() === 'yes') this._state = 'idle';
          else this._start(this._pendingStart);
        }
      } else this._enter(action.line, action.certain, at);
    }
  }

  /**
   * Closes what is open. At the end of the stream a command whose output never began still ran
   * (`exit`); when the session switches to integrated marks it is dropped instead.
   */
  close(offset: number, at: number, startPending: boolean): void {
    if (this._state === 'await-output' && startPending) this._start(offset);
    // Past its newline the command did run, whatever comes next.
    if (this._state === 'pending') this._start(this._pendingStart);
    if (this._state === 'running') {
      // Output that ends on a prompt: the command ended where that prompt began.
      const atPrompt = !this._screen.on && !this._lineOverflow && this._isPrompt(renderLine(this._line.toString('utf8')).beforeCursor);
      const end = atPrompt ? Math.max(this._promptStart(), this._commandStart) : offset;
      this._emit({ type: 'command-end', offset: end, exitCode: null, at: atPrompt ? this._lineAt : at });
    }
    this._state = 'idle';
  }

  private _checkPrompt(): void {
    if (this._screen.on || this._state === 'prompt' || this._state === 'await-output' || this._state === 'pending' || this._lineOverflow)
      return;
    const { beforeCursor } = renderLine(this._line.toString('utf8'));
    if (!this._isPrompt(beforeCursor)) return;
    const start = this._promptStart();
    if (this._state === 'running') {
      const offset = Math.max(start, this._commandStart);
      this._emit({ type: 'command-end', offset, exitCode: null, at: this._lineAt });
    }
    this._emit({ type: 'prompt', offset: start, at: this._lineAt });
    this._state = 'prompt';
    this._promptText = beforeCursor;
    this._keystrokes.reset();
  }

  /**
   * Where the prompt on the current line begins: after the output of a command that ended without
   * a newline (`printf no-newline` draws `no-newline$ `), where the learned prompt text last starts
   * in the line; else at the line's start. Without a learned prompt the two cannot be told apart.
   */
  private _promptStart(): number {
    if (!this._learned) return this._lineStart;
    const at = this._line.lastIndexOf(Buffer.from(this._learned));
    return at > 0 && at + Buffer.byteLength(this._learned) === this._line.length ? this._lineStart + at : this._lineStart;
  }

  private _isPrompt(text: string): boolean {
    if (text.length === 0 || text.length > MAX_PROMPT_CHARS) return false;
    return text === this._learned || this._endings.some((ending) => text.endsWith(ending));
  }

  private _enter(typed: string, certain: boolean, at: number): void {
    if (this._screen.on || this._lineOverflow) return;
    const screen = renderLine(this._line.toString('utf8'));
    if (this._state === 'pending') {
      const prompt = this._context.continuationPrompts.find((p) => screen.beforeCursor.startsWith(p));
      if (prompt === undefined) return;
      const line = certain ? typed : screen.text.slice(prompt.length);
      // The command goes on: it still started at the first line's Enter.
      this._commandLine = `${this._commandLine}\n${line.trim()}`;
      this._state = 'await-output';
      return;
    }
    if (this._state === 'prompt') {
      const line = certain ? typed : this._afterPrompt(screen.text);
      if (line.trim() === '') {
        this._state = 'idle';
        return;
      }
      this._learned = this._promptText;
      this._await(line, at);
      return;
    }
    // A prompt we do not know yet (no usual ending): learn it from the first Enter at the shell,
    // i.e. while nothing runs, as what is left of the typed text on the cursor's line.
    if (this._state !== 'idle' || !certain || typed.trim() === '') return;
    // Without the echo yet (a pasted line), the cursor's line is the prompt alone.
    const before = screen.beforeCursor;
    const prompt = before.endsWith(typed) ? before.slice(0, before.length - typed.length) : before;
    if (prompt.trim() === '' || prompt.length > MAX_PROMPT_CHARS) return;
    this._learned = prompt;
    this._emit({ type: 'prompt', offset: this._lineStart, at });
    this._await(typed, at);
  }

  private _await(line: string, at: number): void {
    this._commandLine = line.trim();
    this._submittedAt = at;
    this._state = 'await-output';
  }

  private _start(offset: number): void {
    this._commandStart = offset;
    this._state = 'running';
    const at = this._submittedAt;
    this._emit({
      type: 'command-start',
      offset,
      commandLine: this._commandLine,
      cwd: this._cwd,
      hostname: this._hostname,
      source: 'heuristic',
      at,
    });
    // Where the next command runs is known only while none could have moved the shell.
    const effects = commandEffects(this._commandLine);
    if (effects.cwd) this._cwd = null;
    if (effects.host) this._hostname = null;
  }

  /**
   * Whether the line after the Enter is a continuation prompt: `yes` once it starts with one,
   * `maybe` while it is empty or a part of one (the prompt can come in pieces), else `no`.
   */
  private _continuation(): 'yes' | 'maybe' | 'no' {
    if (this._lineOverflow || this._screen.on) return 'no';
    const text = this._line.toString('utf8');
    let answer: 'maybe' | 'no' = 'no';
    for (const prompt of this._context.continuationPrompts) {
      if (text.startsWith(prompt)) return 'yes';
      if (prompt.startsWith(text)) answer = 'maybe';
    }
    return answer;
  }

  /** The command on a screen line: what follows the prompt seen at the first keystroke. */
  private _afterPrompt(screen: string): string {
    if (this._promptText && screen.startsWith(this._promptText)) return screen.slice(this._promptText.length);
    let cut = -1;
    for (const ending of this._endings) {
      const at = screen.indexOf(ending);
      if (at >= 0 && (cut < 0 || at + ending.length < cut)) cut = at + ending.length;
    }
    return cut < 0 ? screen : screen.slice(cut);
  }

  private _appendLine(bytes: Buffer): void {
    if (this._lineOverflow || bytes.length === 0) return;
    let line = this._line.length === 0 ? Buffer.from(bytes) : Buffer.concat([this._line, bytes]);
    if (line.length > MAX_LINE_BYTES) {
      // Only what follows the last CR can still be left of the cursor.
      const cr = line.lastIndexOf(CR);
      line = cr >= 0 ? Buffer.from(line.subarray(cr)) : line;
      if (line.length > MAX_LINE_BYTES) {
        this._lineOverflow = true;
        line = Buffer.alloc(0);
      }
    }
    this._line = line;
  }
}
