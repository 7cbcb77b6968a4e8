// SPDX-License-Identifier: MIT
import { randomBytes } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import type { TerminalSnapshot } from '../../shared/ipc/pty';
import { OutputBatching } from '../../shared/terminal/flow-control';
import { OutputBatcher } from './output-batcher';
import { inProcessMirrors } from './screen-mirror';
import type { MirrorFactory, ScreenMirrorLike } from './mirror-protocol';
import { SinkSet, type PtySink } from './sink-set';
import type { PtyTap, PtyTapFactory, TapOutput } from './pty-tap';
import type { PreludeMark, PtyHost, PtyObserver, PtyProcess, SpawnOptions } from './types';

export type { PtySink } from './sink-set';

/** How often a pty paused for a congested tap checks whether it may go on. */
const CONGESTION_POLL_MS = 10;

interface Entry {
  readonly pty: PtyProcess;
  readonly decoder: StringDecoder;
  readonly batcher: OutputBatcher;
  readonly sinks: SinkSet;
  readonly mirror: ScreenMirrorLike;
  readonly tap: PtyTap | undefined;
  /** Output characters sent so far (the position `pty:data` and snapshots are measured in). */
  written: number;
  /** The renderer whose terminal answers queries (DA, DSR…): the last one the user typed in. */
  answerer: PtySink | undefined;
  quietTimer: NodeJS.Timeout | undefined;
  /** Why the pty is paused; it reads again only when no reason is left. */
  readonly holds: Set<HoldReason>;
}

type HoldReason = 'renderer' | 'backlog';

const congested = (entry: Entry): boolean => entry.tap?.congested?.() === true || entry.mirror.congested?.() === true;

export const newPtyId = (): string => `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

/**
 * Owns the live ptys: decodes their output UTF-8-safely, batches it, sends it to every attached
 * renderer with ack-based flow control, and mirrors it into a headless terminal so a renderer that
 * (re-)attaches gets the current screen. Observers (the recorder) see raw bytes synchronously and
 * must not block.
 */
export class PtyManager {
  private readonly _entries = new Map<string, Entry>();
  private readonly _observers = new Set<PtyObserver>();

  constructor(
    private readonly _host: PtyHost,
    private readonly _tapFactory: PtyTapFactory = () => undefined,
    /** Where each pty's screen mirror runs: a worker thread in the app (MirrorHost), in-process in tests. */
    private readonly _mirrors: MirrorFactory = inProcessMirrors,
  ) {}

  observe(observer: PtyObserver): () => void {
    this._observers.add(observer);
    return () => this._observers.delete(observer);
  }

  /**
   * Starts a pty. `prelude` is shown before its first output (a restored tab's earlier scrollback):
   * to every renderer and the screen mirror, never to the recorder, which stores only what runs.
   */
  spawn(options: SpawnOptions, id: string = newPtyId(), prelude?: string, preludeMarks: readonly PreludeMark[] = []): PtyProcess {
    const pty = this._host.spawn(id, options);
    const entry: Entry = {
      pty,
      decoder: new StringDecoder('utf8'),
      batcher: new OutputBatcher((data) => {
        entry.written += data.length;
        entry.mirror.write(data);
        entry.sinks.data(data, entry.written);
      }),
      sinks: new SinkSet(id, { pause: () => this._hold(entry, 'renderer', true), resume: () => this._hold(entry, 'renderer', false) }),
      mirror: this._mirrors(id, pty.cols, pty.rows),
      tap: this._tapFactory(pty),
      written: 0,
      answerer: undefined,
      quietTimer: undefined,
      holds: new Set(),
    };
    this._entries.set(id, entry);
    if (prelude) {
      // Each mark at its place in the prelude: the mirror puts it on its cursor's line then.
      let from = 0;
      for (const { at, mark } of preludeMarks) {
        entry.batcher.push(prelude.slice(from, at));
        from = Math.max(from, at);
        entry.batcher.flush();
        entry.mirror.mark(mark);
      }
      entry.batcher.push(prelude.slice(from));
    }
    for (const observer of this._observers) observer.spawned?.(pty);
    pty.onBytes((bytes) => this._deliver(entry, entry.tap ? entry.tap.output(bytes) : { bytes, marks: [] }));
    pty.onExit((exit) => {
      clearTimeout(entry.quietTimer);
      if (entry.tap) this._deliver(entry, entry.tap.end(exit));
      entry.batcher.push(entry.decoder.end());
      entry.batcher.dispose();
      for (const observer of this._observers) observer.exited?.(id, exit);
      entry.sinks.exit(exit);
      // Nothing holds an exited pty back; its renderers keep what they show.
      entry.sinks.evaluate();
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
      entry.mirror.mark(mark);
      entry.sinks.mark(mark, entry.written);
    }
    if (from < bytes.length) entry.batcher.push(entry.decoder.write(from === 0 ? bytes : bytes.subarray(from)));
    this._releaseWhenQuiet(entry);
    if (!entry.holds.has('backlog') && congested(entry)) this._waitForBacklog(entry);
  }

  private _hold(entry: Entry, reason: HoldReason, on: boolean): void {
    const before = entry.holds.size;
    if (on) entry.holds.add(reason);
    else entry.holds.delete(reason);
    if (before === 0 && entry.holds.size > 0) entry.pty.pause();
    else if (before > 0 && entry.holds.size === 0) entry.pty.resume();
  }

  /** The store's writer or the screen mirror fell far behind: the pty waits until both caught up. */
  private _waitForBacklog(entry: Entry): void {
    this._hold(entry, 'backlog', true);
    const check = () => {
      if (entry.pty.exit || !this._entries.has(entry.pty.id) || !congested(entry)) return this._hold(entry, 'backlog', false);
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

  /**
   * Attaches a renderer (any number may be attached) and resolves with the screen to paint. The
   * renderer receives live output from this moment; the snapshot says up to which stream position
   * it already covers, so nothing is shown twice or lost in between.
   */
  attach(id: string, sink: PtySink): Promise<TerminalSnapshot> | undefined {
    const entry = this._entries.get(id);
    if (!entry) return undefined;
    entry.batcher.flush();
    // A renderer attaching again has reset its terminal: its old backlog no longer counts.
    entry.sinks.remove(sink);
    if (!sink.gone) {
      entry.sinks.add(sink);
      entry.answerer ??= sink;
    }
    return entry.mirror.snapshot();
  }

  /**
   * A pty's screen as it is kept for the next run (the normal buffer's last `keep` lines), with the
   * output position it stands for; undefined for an unknown pty.
   */
  keepableScreen(id: string, keep: number): Promise<TerminalSnapshot> | undefined {
    const entry = this._entries.get(id);
    if (!entry) return undefined;
    entry.batcher.flush();
    return entry.mirror.snapshot(keep);
  }

  /** Output characters a pty has sent so far (changes when there is something new to keep). */
  writtenBy(id: string): number | undefined {
    return this._entries.get(id)?.written;
  }

  /**
   * Moves pty `id` from sink `from` to `to`, live, with no snapshot: `from` hands `to` what it was
   * sent first (electron/ipc/unclaimed-terminal.ts), which is why everything batched is sent to
   * `from` before this returns. Without `to`, `from` just lets go.
   */
  handOver(id: string, from: PtySink, to?: PtySink, replay?: () => void): boolean {
    const entry = this._entries.get(id);
    if (!entry || !entry.sinks.has(from)) return false;
    // A renderer gone meanwhile takes nothing over: the pty runs on as released.
    if (to?.gone) return this.handOver(id, from);
    entry.batcher.flush();
    replay?.();
    if (to) {
      entry.sinks.remove(to);
      // The replay is output `to` has to parse and acknowledge like any: it counts against the window.
      entry.sinks.add(to, replay ? (entry.sinks.unacked(from) ?? 0) : 0);
    }
    entry.sinks.remove(from);
    if (entry.answerer === from) entry.answerer = to ?? entry.sinks.sinks()[0];
    return true;
  }

  /** Detaches a renderer from every pty (its window closed), releasing any pause it caused. */
  detachSink(sink: PtySink): void {
    for (const entry of this._entries.values()) {
      entry.sinks.remove(sink);
      if (entry.answerer === sink) entry.answerer = entry.sinks.sinks()[0];
    }
  }

  /** A renderer showed or hid terminals (or its window): only what is on screen holds a pty back. */
  visibilityChanged(sink: PtySink): void {
    for (const entry of this._entries.values()) if (entry.sinks.has(sink)) entry.sinks.evaluate();
  }

  /**
   * Input from a renderer. `reply` marks what its xterm generated by itself in answer to a query
   * in the output (DA, DSR, colour reports): with several windows on one pty every xterm answers,
   * so only the answerer's (the window last typed in) reach the program.
   */
  input(id: string, data: string, sink: PtySink | undefined, reply: boolean): void {
    const entry = this._entries.get(id);
    if (!entry) return;
    if (reply) {
      if (entry.answerer !== undefined && entry.answerer !== sink) return;
    } else if (sink && entry.sinks.has(sink)) {
      entry.answerer = sink;
    }
    this.write(id, data);
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
    this._entries.get(id)?.sinks.ack(sink, chars);
  }

  resize(id: string, cols: number, rows: number): void {
    const entry = this._entries.get(id);
    if (!entry) return;
    entry.pty.resize(cols, rows);
    // Flushed first, so output written at the old size is parsed at the old size.
    entry.batcher.flush();
    entry.mirror.resize(cols, rows);
  }

  async kill(id: string): Promise<boolean> {
    const entry = this._entries.get(id);
    if (!entry) return false;
    this._entries.delete(id);
    entry.sinks.clear();
    entry.mirror.dispose();
    try {
      if (!entry.pty.exit) {
        // Wait for the drained exit, so the last output is recorded before the caller moves on
        // (shutdown closes the store next). Bounded: a wedged pty must not hold up quitting.
        const exited = new Promise<void>((resolve) => entry.pty.onExit(() => resolve()));
        await entry.pty.kill();
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
      }
    } finally {
      // Whatever was kept for it elsewhere goes now, even when its kill failed: it is no longer listed.
      for (const observer of this._observers) observer.closed?.(id);
    }
    return true;
  }

  async killAll(): Promise<void> {
    await Promise.all([...this._entries.keys()].map((id) => this.kill(id)));
  }
}
