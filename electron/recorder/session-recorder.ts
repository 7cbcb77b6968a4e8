// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import type { SegmentationMode } from '../../shared/domain/segmentation';
import type { PtyTap, TapOutput } from '../pty/pty-tap';
import type { PtyExit } from '../pty/types';
import type { SegmentEvent, Segmenter } from '../segmenter/segmenter';
import type { RecordingState } from '../../shared/ipc/history';
import type { Store } from '../store/store';
import type { ExclusionQuery, ExclusionVerdict } from './exclusion';
import { RemoteLayer, storedRecord, type SshHooks } from './remote-layer';
import { endedRecord, startedRecord } from './started-record';
import { storeCongested } from './store-congestion';
import { TypedLines } from './typed-lines';

interface SessionRecorderEvents {
  command(record: CommandRecord): void;
  session(patch: { mode?: SegmentationMode; cwd?: string; hostname?: string; endedAt?: number }): void;
  /** A line was kept out of the record: the terminal's screen shows it, so it must not be kept either. */
  excluded?(): void;
}

export interface SessionRecorderOptions {
  readonly sessionId: string;
  readonly shell: string;
  readonly hostname: string;
  readonly cwd: string;
  readonly store: Store;
  readonly segmenter: Segmenter;
  readonly events: SessionRecorderEvents;
  readonly now?: () => number;
  /** 'private': nothing reaches the store or the assistant, ever. Default 'on'. */
  readonly recording?: RecordingState;
  /** Command lines kept out of history (the shell's own rules, the user's patterns). */
  readonly excludes?: (query: ExclusionQuery) => ExclusionVerdict;
  /** SSH integration (electron/ssh); without it remote shells' requests are ignored. */
  readonly ssh?: SshHooks;
}

type Marks = Array<TapOutput['marks'][number]>;
/** How a command ended, beyond its status: when (default now), the line its end mark carried, whether we ended it, the shell's own duration. */
type Ending = Partial<Pick<Extract<SegmentEvent, { type: 'command-end' }>, 'at' | 'commandLine' | 'durationMs'>> & {
  interrupted?: boolean;
};

/**
 * The tap between one pty and the rest: every output byte goes through the segmenter (which removes
 * the shell-integration marks) into the store, and segment events become command records and
 * renderer marks. Runs on each pty read, so it only does constant work per event and hands bytes
 * to the store worker without waiting.
 */
export class SessionRecorder implements PtyTap {
  private readonly _now: () => number;
  private _seq = 0;
  private _offset = 0;
  private _cwd: string;
  private _hostname: string;
  private _running: CommandRecord | undefined;
  /** The shell printed a prompt and started nothing since; kept in every mode (a private pane's step waits on it). */
  private _atPrompt = false;
  private _recording: RecordingState;
  /** The command running now is kept out of history: its output is skipped, not stored. */
  private _excluding = false;
  /** Set once the pty has exited: commands finished from then on ended with the shell. */
  private _shellEnding = false;
  /** Where the current turn began (the previous command's end): its prompt and echoed command line follow. */
  private _turnStart = 0;
  /** What was typed at the prompt and whether the shell's history keeps it: the recording gate. */
  private readonly _lines: TypedLines;
  /** Who typed the next command when it was not the user (the assistant's run_command). */
  private _nextActor: 'assistant' | undefined;
  private readonly _remote: RemoteLayer;

  constructor(private readonly _options: SessionRecorderOptions) {
    this._now = _options.now ?? Date.now;
    this._recording = _options.recording ?? 'on';
    this._cwd = _options.cwd;
    this._hostname = _options.hostname;
    this._remote = new RemoteLayer(_options.segmenter, (record) => this._write(record), _options.ssh);
    this._lines = new TypedLines(_options.excludes);
  }

  output(bytes: Buffer): TapOutput {
    const { bytes: clean, events } = this._options.segmenter.output(bytes);
    return this._record(clean, events);
  }

  /** The command running now, if any (a record is only made while recording is on). */
  get running(): CommandRecord | undefined {
    return this._running;
  }

  /** The assistant is about to type a command: the next record to start is tagged as its. */
  expectAssistantCommand(): void {
    this._nextActor = 'assistant';
  }

  /** The assistant's command did not start after all: the user's next one must not carry its tag. */
  forgetAssistantCommand(): void {
    this._nextActor = undefined;
  }

  get recording(): RecordingState {
    return this._recording;
  }

  /** Whether the shell waits at a prompt (integration marks seen), recorded or not. */
  get atPrompt(): boolean {
    return this._atPrompt;
  }

  /** Pauses or resumes recording; a command running at a pause ends there, interrupted. */
  setPaused(paused: boolean): void {
    if (this._recording === 'private') return;
    if (paused && this._recording === 'on') this.interruptRunning();
    this._recording = paused ? 'paused' : 'on';
  }

  /** The user forgot the running command (or this whole session): the rest of it is not stored either. */
  forget(commandIds: ReadonlySet<string>, wholeSession: boolean): void {
    // The local command that ran ssh, held under a remote shell, must not be written back at its end.
    this._remote.forget((id) => wholeSession || commandIds.has(id));
    if (!this._running || !(wholeSession || commandIds.has(this._running.id))) return;
    this._running = undefined;
    this._excluding = true;
  }

  /** Recording failed (a full disk): the running command is ended as interrupted rather than left open. */
  interruptRunning(): void {
    if (this._running) this._finish(this._offset, null, [], 0, { interrupted: true });
    this._remote.interrupt(this._now());
  }

  /**
   * The store to write to, or none: a private session never writes, and once the store is closing
   * a pty that outlives its kill grace may still deliver output (the store ends open sessions itself).
   */
  private get _store(): Store | undefined {
    return this._recording === 'private' || this._options.store.closed ? undefined : this._options.store;
  }

  /** Whether commands become records (and reach the assistant) right now. */
  private get _records(): boolean {
    return this._recording === 'on';
  }

  /** The store's writer is behind, much of it this session's output: hold the pty until it catches up. */
  congested(): boolean {
    return storeCongested(this._options.store, this._options.sessionId);
  }

  /** Output held back only because it might begin the nonce; released when output goes quiet. */
  get pending(): number {
    return this._options.segmenter.pendingBytes;
  }

  flush(): TapOutput {
    const { bytes, events } = this._options.segmenter.flush();
    return this._record(bytes, events);
  }

  input(bytes: Buffer): void {
    if (this._records && !this._excluding) this._store?.appendChunk(this._options.sessionId, 0, this._now(), bytes);
    // Heuristic boundaries are confirmed by keystrokes, after their output was delivered: they make
    // records, but no marks (their position in the terminal has passed).
    const late: Marks = [];
    for (const event of this._options.segmenter.input(bytes)) this._handle(event, this._offset, late);
  }

  end(_exit: PtyExit): TapOutput {
    // Whatever is still running now ends because the shell did: say so rather than leave a bare
    // "no exit status" that reads as a failure (`exit` was reported as "exit unknown").
    this._shellEnding = true;
    const { bytes, events } = this._options.segmenter.end();
    const out = this._record(bytes, events);
    if (this._running) this._finish(this._offset, null, []);
    this._excluding = false;
    const endedAt = this._now();
    this._store?.endSession(this._options.sessionId, endedAt);
    this._options.events.session({ endedAt });
    return out;
  }

  private _record(clean: Buffer, events: readonly SegmentEvent[]): TapOutput {
    const base = this._offset;
    if (clean.length > 0) {
      if (this._records && !this._excluding) this._store?.appendChunk(this._options.sessionId, 1, this._now(), clean);
      else this._store?.skipOutput(this._options.sessionId, clean.length);
    }
    this._offset += clean.length;
    this._lines.append(clean);
    const marks: Marks = [];
    for (const event of events) {
      if (event.type === 'prompt') this._lines.prompt(event.offset, clean.subarray(Math.max(0, event.offset - base)));
      this._handle(event, base, marks);
    }
    return { bytes: clean, marks };
  }

  private _handle(event: SegmentEvent, base: number, marks: Marks): void {
    const at = 'offset' in event ? Math.min(Math.max(0, event.offset - base), this._offset - base) : 0;
    switch (event.type) {
      case 'prompt':
        this._atPrompt = true;
        return void marks.push({ at, mark: { kind: 'prompt', commandId: null, exitCode: null } });
      case 'input-start': // where typing starts: the renderer's prompt-input model reads from there
        return void marks.push({ at, mark: { kind: 'input-start', commandId: null, exitCode: null } });
      case 'command-start':
        return this._start(event, at, marks);
      case 'command-end':
        this._excluding = false;
        this._turnStart = event.offset;
        return this._finish(event.offset, event.exitCode, marks, at, event);
      case 'cwd':
        this._cwd = event.cwd;
        return this._remote.origin ? undefined : this._options.events.session({ cwd: event.cwd });
      case 'hostname':
        this._hostname = event.hostname;
        return this._remote.origin ? undefined : this._options.events.session({ hostname: event.hostname });
      case 'user':
        return this._remote.user(event.user);
      case 'ssh-request':
        return this._remote.request(event);
      case 'remote-start':
        this._remote.start(event.offset, this._running, { cwd: this._cwd, hostname: this._hostname });
        this._running = undefined;
        return;
      case 'ssh-unanswered':
        return this._remote.unanswered(event.host);
      case 'remote-end': {
        const { outer, local } = this._remote.leave();
        if (this._running) this._finish(event.offset, null, marks, at, { at: event.at });
        this._running = outer;
        if (local) {
          this._cwd = local.cwd;
          this._hostname = local.hostname;
        }
        return;
      }
      case 'mode':
        this._store?.updateSession(this._options.sessionId, { mode: event.mode });
        return this._options.events.session({ mode: event.mode });
    }
  }

  private _start(event: Extract<SegmentEvent, { type: 'command-start' }>, at: number, marks: Marks): void {
    // A start while a command runs means its end was lost (the shell was killed mid-command).
    if (this._running) this._finish(event.offset, null, marks, at, { at: event.at });
    this._excluding = false;
    this._atPrompt = false;
    if (!this._records) {
      marks.push({ at, mark: { kind: 'command-start', commandId: null, exitCode: null } });
      return;
    }
    const { typed, excluded } = this._lines.judge(event);
    const ranBy = this._nextActor;
    this._nextActor = undefined;
    if (excluded) {
      // Its prompt, echo and keystrokes are already on their way to the store: take them back.
      this._excluding = true;
      this._store?.dropRange(this._options.sessionId, this._turnStart, this._offset);
      this._options.events.excluded?.();
      marks.push({ at, mark: { kind: 'command-start', commandId: null, exitCode: null } });
      return;
    }
    if (event.cwd) this._cwd = event.cwd;
    if (event.hostname) this._hostname = event.hostname;
    const record = startedRecord(event, {
      sessionId: this._options.sessionId,
      seq: ++this._seq,
      shell: this._options.shell,
      cwd: this._cwd,
      hostname: this._hostname,
      typed,
      remote: this._remote.origin,
    });
    if (ranBy) record.ranBy = ranBy;
    this._running = record;
    this._write(record);
    marks.push({ at, mark: { kind: 'command-start', commandId: record.id, exitCode: null } });
  }

  private _write(raw: CommandRecord): void {
    const record = storedRecord(raw);
    this._store?.upsertCommand(record);
    this._options.events.command(record);
  }

  private _finish(offset: number, exitCode: number | null, marks: Marks, at = 0, end: Ending = {}): void {
    const running = this._running;
    if (!running) return;
    this._running = undefined;
    const { commandLine, durationMs, interrupted } = end;
    const ending = { commandLine, durationMs, interrupted, endedAt: end.at ?? this._now(), shellEnding: this._shellEnding };
    const record = endedRecord(running, { ...ending, exitCode, outputEnd: this._remote.outputEnd(running, offset) });
    this._write(record);
    marks.push({ at, mark: { kind: 'command-end', commandId: record.id, exitCode } });
  }
}
