// SPDX-License-Identifier: MIT
import type { SegmentationMode } from '../../shared/domain/segmentation';
import { DEFAULT_CONTINUATION_PROMPTS, DEFAULT_PROMPT_ENDINGS, HeuristicDetector } from './heuristic';
import { assertValidNonce, parseExitCode, unescapeMarkValue } from './mark-codec';
import { MarkScanner, REMOTE_KEY, REQUEST_KEY, SESSION_KEY } from './mark-scanner';
import { OutputRanges } from './output-ranges';
import { Redactors } from './redactors';
import { SshHandshake } from './ssh-handshake';
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

/** What the local shell's layer was doing when a remote shell took over the stream. */
interface LocalLayer {
  state: MarkState;
  commandLine: string | null;
  completedLine: string | null;
  cwd: string | null;
  hostname: string | null;
}


const SEMICOLON = 0x3b;
const ESC = 0x1b;


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
  /** Set while an integrated remote shell (signed with its own nonce) owns the stream. */
  private _local: LocalLayer | null = null;
  private readonly _now: () => number;
  private readonly _scanner: MarkScanner;
  private readonly _ssh: SshHandshake;
  private readonly _redactors: Redactors;
  private readonly _nonceFirst: number;
  private readonly _heuristic: HeuristicDetector;
  private readonly _ranges = new OutputRanges();
  private readonly _emit = (data: Buffer, start: number, end: number): void => {
    if (end <= start) return;
    this._ranges.add(data, start, end);
    if (this._mode !== 'integrated') this._heuristic.output(data.subarray(start, end), this._offset, this._at);
    this._offset += end - start;
  };
  private readonly _sink = {
    plain: (data: Buffer, start: number, end: number): void => this._redactors.push(data, start, end, this._emit),
    mark: (data: Buffer, start: number, end: number, key: number): void => {
      // A valid mark is a barrier: a nonce prefix held before it is just output.
      this._redactors.flush(this._emit);
      this._mark(data, start, end, key);
    },
  };

  constructor(options: SegmenterOptions) {
    assertValidNonce(options.nonce);
    this._now = options.now ?? Date.now;
    this._scanner = new MarkScanner(options.nonce, options.maxOscBytes ?? 8192);
    this._redactors = new Redactors(options.nonce);
    this._ssh = new SshHandshake(this._scanner);
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
    return this._scanner.heldBytes + this.pendingBytes + this._heuristic.bufferedBytes;
  }

  /** Bytes held back from output only because they may start the nonce (see flush). */
  get pendingBytes(): number {
    return this._redactors.heldBytes;
  }

  /** Whether an integrated remote shell owns the stream now. */
  get remote(): boolean {
    return this._local !== null;
  }

  /**
   * The remote shell that asked (ssh-request) was sent the integration signed with `nonce`. Its
   * first mark starts the remote layer (`remote-start`): from there its marks make records of their
   * own, while the local command that ran ssh stays running underneath, until a mark of the local
   * shell ends the layer (`remote-end`) and its marks stop counting. The nonce stays redacted for
   * the rest of the session.
   */
  acceptRemote(nonce: string): void {
    assertValidNonce(nonce);
    this._scanner.setKey(REMOTE_KEY, nonce);
    this._redactors.addRemote(nonce, this._emit);
  }

  output(chunk: Buffer): SegmentResult {
    this._at = this._now();
    const esc = chunk.indexOf(ESC);
    // Most reads of an integrated session hold neither a mark nor the nonce's first byte: pass
    // them on untouched without the scanner's machinery.
    // (A remote shell's nonce comes from newNonce() too, so it starts with the same byte.)
    if (esc < 0 && this._mode === 'integrated' && this._scanner.heldBytes === 0 && this.pendingBytes === 0 && chunk.indexOf(this._nonceFirst) < 0) {
      this._offset += chunk.length;
      return { bytes: chunk, events: [] };
    }
    this._redactors.beginChunk();
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
    this._redactors.flush(this._emit);
    return this._take();
  }

  end(): SegmentResult {
    this._at = this._now();
    this._scanner.flush(this._sink);
    this._redactors.flush(this._emit);
    if (this._mode === 'integrated') {
      if (this._local) this._leaveRemote(this._offset, this._at);
      if (this._state === 'running') this._push({ type: 'command-end', offset: this._offset, exitCode: null, at: this._at });
      this._state = 'idle';
    } else this._heuristic.close(this._offset, this._at, true);
    return this._take();
  }

  private _take(): SegmentResult {
    const events = this._events;
    if (events.length > 0) this._events = [];
    return { bytes: this._ranges.take(), events: events.length > 0 ? events : [] };
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
  private _mark(data: Buffer, start: number, end: number, key: number): void {
    if (end < start + 5 || (end > start + 5 && data[start + 5] !== SEMICOLON)) return;
    const kind = data[start + 4];
    const offset = this._offset;
    const at = this._at;
    if (key === REQUEST_KEY) {
      const request = this._ssh.answer(data[start] === 0x36 && kind === 0x52 ? data.toString('utf8', start + 6, end) : null, at);
      if (request) this._push(request);
      return;
    }
    if (key === REMOTE_KEY && !this._local) this._enterRemote(offset, at);
    if (key === SESSION_KEY) {
      if (this._local) this._leaveRemote(offset, at);
      // The local shell is back: the remote shell's marks are no longer taken (it is gone, or
      // suspended; after `fg` its marks are output of that command), but its nonce stays redacted.
      this._scanner.setKey(REMOTE_KEY, undefined);
      // Any other mark of the local shell means its ssh has ended: the request id is spent.
      if (this._ssh.pending && !(data[start] === 0x36 && kind === 0x53)) this._sshEnded(data[start] === 0x31 && kind === 0x44 ? parseExitCode(data, start + 6, end) : null, at);
    }
    if (this._mode !== 'integrated') {
      this._heuristic.close(this._offset, this._at, false);
      this._setMode('integrated');
    }
    if (data[start] === 0x36) {
      if (kind === 0x53 && key === SESSION_KEY && this._state === 'running') this._ssh.start(data.toString('utf8', start + 6, end));
      else if (kind === 0x45 && (this._state === 'prompt' || this._state === 'input')) {
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
      case 0x44: { // D: command end.
        // With no command running it changes nothing (an empty Enter or Ctrl+C at the prompt,
        // where the next A follows). Were it to end the prompt, one arriving after A (a
        // framework that prints the prompt's end-of-line mark itself) would lose the next command.
        if (this._state !== 'running') return;
        const code = parseExitCode(data, start + 6, end);
        const completed = this._completedLine;
        this._push(completed === null ? { type: 'command-end', offset, exitCode: code, at } : { type: 'command-end', offset, exitCode: code, commandLine: completed, at });
        this._state = 'idle';
        this._commandLine = null;
        this._completedLine = null;
        return;
      }
    }
  }

  /** The pty runs ssh itself (an SSH-host profile) with our bootstrap signed by `id`. */
  expectSsh(id: string, host: string): void {
    this._ssh.expect(id, host);
  }

  /**
   * ssh ended and the remote never asked: it ran no shell for our command (a router's CLI, a
   * ForceCommand menu, git hosting). Said unless ssh itself failed (255) or was interrupted (130).
   */
  private _sshEnded(exitCode: number | null, at: number): void {
    const host = this._ssh.host;
    this._ssh.cancel();
    if (host !== null && exitCode !== null && exitCode !== 255 && exitCode !== 130) this._push({ type: 'ssh-unanswered', host, exitCode, at });
  }

  /** The remote shell's first mark (or its first after `fg`): the local layer waits underneath. */
  private _enterRemote(offset: number, at: number): void {
    this._local = { state: this._state, commandLine: this._commandLine, completedLine: this._completedLine, cwd: this._cwd, hostname: this._hostname };
    this._push({ type: 'remote-start', offset, at });
    this._state = 'idle';
    this._commandLine = null;
    this._completedLine = null;
    this._inputStart = null;
  }

  /** The remote shell is gone (or suspended): whatever it ran has ended, and the local layer comes back. */
  private _leaveRemote(offset: number, at: number): void {
    const local = this._local;
    if (!local) return;
    if (this._state === 'running') this._push({ type: 'command-end', offset, exitCode: null, at });
    this._local = null;
    this._push({ type: 'remote-end', offset, at });
    this._state = local.state;
    this._commandLine = local.commandLine;
    this._completedLine = local.completedLine;
    this._inputStart = null;
    if (local.cwd !== null && local.cwd !== this._cwd) this._push({ type: 'cwd', cwd: local.cwd, at });
    if (local.hostname !== null && local.hostname !== this._hostname) this._push({ type: 'hostname', hostname: local.hostname, at });
    this._cwd = local.cwd;
    this._hostname = local.hostname;
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
    } else if (key === 'User') this._push({ type: 'user', user: value, at });
  }
}
