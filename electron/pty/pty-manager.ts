// SPDX-License-Identifier: MIT
import { randomBytes } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { FlowController } from './flow-controller';
import { OutputBatching } from '../../shared/terminal/flow-control';
import { OutputBatcher } from './output-batcher';
import { ReplayBuffer, type ReplayItem } from './replay-buffer';
import type { TerminalMark } from '../../shared/ipc/pty';
import type { PtyExit, PtyHost, PtyProcess, SpawnOptions } from './types';

/** Output kept per pty for a renderer that reloads and re-attaches. */
const REPLAY_CHARS = 512 * 1024;

/** Where a pty's decoded output goes: one attached renderer at a time. */
export interface PtySink {
  data(id: string, data: string): void;
  mark(id: string, mark: TerminalMark): void;
  exit(id: string, exit: PtyExit): void;
}

export interface TapOutput {
  /** The bytes everyone downstream sees (the segmenter removes shell-integration marks). */
  readonly bytes: Buffer;
  /** Marks to deliver after `bytes[0, at)`, in order. */
  readonly marks: ReadonlyArray<{ readonly at: number; readonly mark: TerminalMark }>;
}

/**
 * A per-pty stage between the pty and everything else (the recorder and its segmenter). It runs
 * synchronously on every read, so it must stay cheap and must not block.
 */
export interface PtyTap {
  output(bytes: Buffer): TapOutput;
  /** Input the user typed (never input typed at a no-echo prompt). */
  input(bytes: Buffer): void;
  /** The pty has exited and its output is drained: flush whatever is held back. */
  end(exit: PtyExit): TapOutput;
  /** Bytes held back awaiting more output; `flush` releases them once output has gone quiet. */
  readonly pending?: number;
  flush?(): TapOutput;
  /**
   * True while what the tap writes to (the store) has fallen behind: the pty is paused until it
   * catches up, so memory stays bounded and a crash loses at most that backlog.
   */
  congested?(): boolean;
}

/** How often a pty paused for a congested tap checks whether it may go on. */
const CONGESTION_POLL_MS = 10;

export type PtyTapFactory = (pty: PtyProcess) => PtyTap | undefined;

export interface PtyObserver {
  spawned?(pty: PtyProcess): void;
  /**
   * Raw bytes in stream order: direction 1 is output, 0 is input written to the pty. Input typed
   * at a no-echo prompt (passwords) is never passed on.
   */
  bytes?(id: string, direction: 0 | 1, bytes: Buffer): void;
  exited?(id: string, exit: PtyExit): void;
}

interface Entry {
  readonly pty: PtyProcess;
  readonly decoder: StringDecoder;
  readonly batcher: OutputBatcher;
  readonly flow: FlowController;
  readonly replay: ReplayBuffer;
  readonly tap: PtyTap | undefined;
  sink: PtySink | undefined;
  quietTimer: NodeJS.Timeout | undefined;
  /** Why the pty is paused; it reads again only when no reason is left. */
  readonly holds: Set<'renderer' | 'store'>;
}

export const newPtyId = (): string => `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

/**
 * Owns the live ptys: decodes their output UTF-8-safely, batches it, applies ack-based flow control
 * toward the attached renderer, and keeps a replay buffer. Observers (the recorder) see raw bytes
 * synchronously and must not block.
 */
export class PtyManager {
  private readonly _entries = new Map<string, Entry>();
  private readonly _observers = new Set<PtyObserver>();

  constructor(
    private readonly _host: PtyHost,
    private readonly _tapFactory: PtyTapFactory = () => undefined,
  ) {}

  observe(observer: PtyObserver): () => void {
    this._observers.add(observer);
    return () => this._observers.delete(observer);
  }

  spawn(options: SpawnOptions, id: string = newPtyId()): PtyProcess {
    const pty = this._host.spawn(id, options);
    const entry: Entry = {
      pty,
      decoder: new StringDecoder('utf8'),
      batcher: new OutputBatcher((data) => {
        entry.replay.push(data);
        if (entry.sink) {
          entry.flow.sent(data.length);
          entry.sink.data(id, data);
        }
      }),
      flow: new FlowController({ pause: () => this._hold(entry, 'renderer', true), resume: () => this._hold(entry, 'renderer', false) }),
      replay: new ReplayBuffer(REPLAY_CHARS),
      tap: this._tapFactory(pty),
      sink: undefined,
      quietTimer: undefined,
      holds: new Set(),
    };
    this._entries.set(id, entry);
    for (const observer of this._observers) observer.spawned?.(pty);
    pty.onBytes((bytes) => this._deliver(entry, entry.tap ? entry.tap.output(bytes) : { bytes, marks: [] }));
    pty.onExit((exit) => {
      clearTimeout(entry.quietTimer);
      if (entry.tap) this._deliver(entry, entry.tap.end(exit));
      entry.batcher.push(entry.decoder.end());
      entry.batcher.dispose();
      entry.flow.engage(false);
      for (const observer of this._observers) observer.exited?.(id, exit);
      entry.sink?.exit(id, exit);
    });
    return pty;
  }

  private _deliver(entry: Entry, { bytes, marks }: TapOutput): void {
    const id = entry.pty.id;
    if (bytes.length > 0) for (const observer of this._observers) observer.bytes?.(id, 1, bytes);
    let from = 0;
    for (const { at, mark } of marks) {
      if (at > from) entry.batcher.push(entry.decoder.write(bytes.subarray(from, at)));
      from = Math.max(from, at);
      // Order matters: the renderer places the mark at its cursor after the preceding output.
      entry.batcher.flush();
      entry.replay.push(mark);
      entry.sink?.mark(id, mark);
    }
    if (from < bytes.length) entry.batcher.push(entry.decoder.write(from === 0 ? bytes : bytes.subarray(from)));
    this._releaseWhenQuiet(entry);
    if (entry.tap?.congested?.() && !entry.holds.has('store')) this._waitForTap(entry);
  }

  private _hold(entry: Entry, reason: 'renderer' | 'store', on: boolean): void {
    const before = entry.holds.size;
    if (on) entry.holds.add(reason);
    else entry.holds.delete(reason);
    if (before === 0 && entry.holds.size > 0) entry.pty.pause();
    else if (before > 0 && entry.holds.size === 0) entry.pty.resume();
  }

  private _waitForTap(entry: Entry): void {
    this._hold(entry, 'store', true);
    const check = () => {
      if (entry.pty.exit || !this._entries.has(entry.pty.id) || !entry.tap?.congested?.()) return this._hold(entry, 'store', false);
      setTimeout(check, CONGESTION_POLL_MS);
    };
    setTimeout(check, CONGESTION_POLL_MS);
  }

  /** A tap holding bytes back (a possible split mark) gets them out once no more output follows. */
  private _releaseWhenQuiet(entry: Entry): void {
    const tap = entry.tap;
    if (!tap?.flush || !tap.pending) return clearTimeout(entry.quietTimer);
    clearTimeout(entry.quietTimer);
    entry.quietTimer = setTimeout(() => {
      entry.quietTimer = undefined;
      if (!entry.pty.exit && tap.flush) this._deliver(entry, tap.flush());
    }, OutputBatching.INTERVAL_MS);
  }

  get(id: string): PtyProcess | undefined {
    return this._entries.get(id)?.pty;
  }

  list(): PtyProcess[] {
    return [...this._entries.values()].map((entry) => entry.pty);
  }

  /** Attaches a renderer; any previous one is detached. Returns the output and marks to repaint with. */
  attach(id: string, sink: PtySink): ReplayItem[] | undefined {
    const entry = this._entries.get(id);
    if (!entry) return undefined;
    entry.batcher.flush();
    entry.sink = sink;
    entry.flow.engage(!entry.pty.exit);
    return entry.replay.snapshot();
  }

  /** Detaches every pty from a renderer that went away, releasing any flow-control pause. */
  detachSink(sink: PtySink): void {
    for (const entry of this._entries.values()) {
      if (entry.sink !== sink) continue;
      entry.sink = undefined;
      entry.flow.engage(false);
    }
  }

  write(id: string, data: string): void {
    const entry = this._entries.get(id);
    if (!entry || entry.pty.exit) return;
    // Checked before the bytes reach the program, while a password prompt still has echo off.
    if ((this._observers.size > 0 || entry.tap) && !entry.pty.readsSecretInput()) {
      const bytes = Buffer.from(data, 'utf8');
      for (const observer of this._observers) observer.bytes?.(id, 0, bytes);
      entry.tap?.input(bytes);
    }
    entry.pty.write(data);
  }

  ack(id: string, chars: number, sink: PtySink): void {
    const entry = this._entries.get(id);
    if (entry?.sink === sink) entry.flow.ack(chars);
  }

  resize(id: string, cols: number, rows: number): void {
    this._entries.get(id)?.pty.resize(cols, rows);
  }

  async kill(id: string): Promise<boolean> {
    const entry = this._entries.get(id);
    if (!entry) return false;
    this._entries.delete(id);
    entry.sink = undefined;
    entry.flow.engage(false);
    if (!entry.pty.exit) {
      // Wait for the drained exit, so the last output is recorded before the caller moves on
      // (shutdown closes the store next). Bounded: a wedged pty must not hold up quitting.
      const exited = new Promise<void>((resolve) => entry.pty.onExit(() => resolve()));
      await entry.pty.kill();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
    }
    return true;
  }

  async killAll(): Promise<void> {
    await Promise.all([...this._entries.keys()].map((id) => this.kill(id)));
  }
}
