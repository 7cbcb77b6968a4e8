// SPDX-License-Identifier: MIT
import type { SegmentationMode } from '../../shared/domain/segmentation';
import { applyFinalTermMark } from './finalterm-marks';
import { DEFAULT_CONTINUATION_PROMPTS, DEFAULT_PROMPT_ENDINGS, HeuristicDetector } from './heuristic';
import { OutputRanges } from './output-ranges';
import { assertValidNonce } from './protocol/mark-codec';
import { MarkScanner } from './protocol/mark-scanner';
import { ContextermOscPt, MarkSigner, readMark } from './protocol/osc-protocol';
import { Redactors } from './redactors';
import type { SegmentEvent } from './segment-event';
import { ShellLayers } from './shell-layers';
import { SshHandshake } from './ssh-handshake';
import { applyVSCodeMark } from './vscode-marks';

export type { SegmentEvent, ShellHistoryRules } from './segment-event';

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

const ESC = 0x1b;

/**
 * Splits one session's pty streams into commands. Marks from our shell integration (the sequences
 * of protocol/osc-protocol.ts) are trusted only with the session nonce and only in order
 * (A → B → E → C → D); they are removed from the stream, and the nonce is redacted from everything
 * else. Until the first valid mark arrives a heuristic prompt detector runs; once one does, the
 * session is 'integrated' for good.
 */
export class Segmenter {
  private _mode: SegmentationMode = 'unknown';
  private _offset = 0;
  private _at = 0;
  private _events: SegmentEvent[] = [];
  private readonly _now: () => number;
  private readonly _scanner: MarkScanner;
  private readonly _ssh: SshHandshake;
  /** The integrated shells' command state: the local shell's, and a remote one's over ssh. */
  private readonly _layers: ShellLayers;
  private readonly _redactors: Redactors;
  private readonly _nonceFirst: number;
  private readonly _heuristic: HeuristicDetector;
  private readonly _ranges = new OutputRanges();
  private readonly _push = (event: SegmentEvent): void => {
    this._events.push(event);
  };
  private readonly _emit = (data: Buffer, start: number, end: number): void => {
    if (end <= start) return;
    this._ranges.add(data, start, end);
    if (this._mode !== 'integrated') this._heuristic.output(data.subarray(start, end), this._offset, this._at);
    this._offset += end - start;
  };
  private readonly _sink = {
    plain: (data: Buffer, start: number, end: number): void => this._redactors.push(data, start, end, this._emit),
    mark: (data: Buffer, start: number, end: number, signer: MarkSigner): void => {
      // A valid mark is a barrier: a nonce prefix held before it is just output.
      this._redactors.flush(this._emit);
      this._mark(data, start, end, signer);
    },
  };

  constructor(options: SegmenterOptions) {
    assertValidNonce(options.nonce);
    this._now = options.now ?? Date.now;
    this._scanner = new MarkScanner(options.nonce, options.maxOscBytes ?? 8192);
    this._redactors = new Redactors(options.nonce);
    this._ssh = new SshHandshake(this._scanner);
    this._layers = new ShellLayers(this._scanner, this._push);
    this._nonceFirst = options.nonce.charCodeAt(0);
    const context = {
      cwd: options.cwd ?? null,
      hostname: options.hostname ?? null,
      continuationPrompts: options.continuationPrompts ?? DEFAULT_CONTINUATION_PROMPTS,
    };
    this._heuristic = new HeuristicDetector(options.promptEndings ?? DEFAULT_PROMPT_ENDINGS, context, (event) =>
      this._heuristicEvent(event),
    );
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
    return this._layers.remote;
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
    this._layers.acceptRemote(nonce);
    this._redactors.addRemote(nonce, this._emit);
  }

  /** The pty runs ssh itself (an SSH-host profile) with our bootstrap signed by `id`. */
  expectSsh(id: string, host: string): void {
    this._ssh.expect(id, host);
  }

  output(chunk: Buffer): SegmentResult {
    this._at = this._now();
    const esc = chunk.indexOf(ESC);
    // Most reads of an integrated session hold neither a mark nor the nonce's first byte: pass
    // them on untouched without the scanner's machinery.
    // (A remote shell's nonce comes from newNonce() too, so it starts with the same byte.)
    if (
      esc < 0 &&
      this._mode === 'integrated' &&
      this._scanner.heldBytes === 0 &&
      this.pendingBytes === 0 &&
      chunk.indexOf(this._nonceFirst) < 0
    ) {
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
    if (this._mode === 'integrated') this._layers.end(this._offset, this._at);
    else this._heuristic.close(this._offset, this._at, true);
    return this._take();
  }

  private _take(): SegmentResult {
    const events = this._events;
    if (events.length > 0) this._events = [];
    return { bytes: this._ranges.take(), events: events.length > 0 ? events : [] };
  }

  private _heuristicEvent(event: SegmentEvent): void {
    if (this._mode === 'unknown' && event.type === 'prompt') this._setMode('heuristic');
    this._push(event);
  }

  private _setMode(mode: SegmentationMode): void {
    this._mode = mode;
    this._push({ type: 'mode', mode, at: this._at });
  }

  /**
   * `data[start, end)` is a signed mark's payload without the nonce (`133;A`, `633;E;<escaped>`…).
   * Who signed it says which shell speaks (MarkSigner); its protocol's handler does the rest (the
   * table in protocol/osc-protocol.ts).
   */
  private _mark(data: Buffer, start: number, end: number, signer: MarkSigner): void {
    const mark = readMark(data, start, end);
    if (mark === null) return;
    const offset = this._offset;
    const at = this._at;
    switch (signer) {
      case MarkSigner.Request: {
        // The one mark a request id signs is the ssh handshake's alone.
        const request = this._ssh.answer(mark, at);
        if (request) this._push(request);
        return;
      }
      case MarkSigner.Remote:
        this._layers.remoteMark(offset, at);
        break;
      case MarkSigner.Session: {
        this._layers.localMark(offset, at);
        const unanswered = this._ssh.localMark(mark, at);
        if (unanswered) this._push(unanswered);
        break;
      }
    }
    if (this._mode !== 'integrated') {
      this._heuristic.close(this._offset, this._at, false);
      this._setMode('integrated');
    }
    const shell = this._layers.shell;
    switch (mark.protocol) {
      case 'finalterm':
        applyFinalTermMark(shell, mark, offset, at, this._push);
        return;
      case 'vscode':
        applyVSCodeMark(shell, mark, at, this._push);
        return;
      case 'contexterm':
        // Of our own letters a shell signs only SshStart, and only the local shell's counts, while
        // the ssh it starts runs (the request comes signed with the id it announces).
        if (mark.code === ContextermOscPt.SshStart && signer === MarkSigner.Session && shell.state === 'running') this._ssh.start(mark);
        return;
    }
  }
}
