// SPDX-License-Identifier: MIT
import { Worker } from 'node:worker_threads';
import type { TerminalSnapshot } from '../../shared/ipc/pty';
import { RestartPolicy, type RestartLimits } from '../runtime/restart-policy';
import { resolveWorkerUrl } from '../runtime/worker-url';
import { WORKER_LIMITS } from '../runtime/idle-release';
import { isMemoryProbe, trackWorker } from '../runtime/thread-memory';
import { MIRROR_LOST_NOTICE, type MirrorFactory, type MirrorReply, type MirrorRequest, type ScreenMirrorLike } from './mirror-protocol';
import { MirrorBacklog } from './mirror-backlog';
import { charsToParse, holdAgain, newMirror, replayFromSnapshot, type Mirror } from './mirror-record';

const MIRROR_WORKER_ENTRY = 'mirror-worker';

/**
 * Output characters a pty may print before its mirror is parsed. Until then its output is kept
 * here, and the worker (an isolate, ~10 MB of the server's memory) is not started for terminals
 * that only showed a prompt or a few commands; a window that re-attaches to one starts it.
 */
const MIRROR_DEFER_CHARS = 256 * 1024;

/**
 * A worker stops after this long without a request: an isolate is ~10 MB, and one idle tab is most
 * of a day's use. Main keeps what rebuilds each screen (its requests, or its snapshot), and the
 * next request that needs one starts a worker again and replays them, as for a mirror never opened.
 */
const MIRROR_RETIRE_MS = 20_000;

export interface MirrorHostOptions {
  readonly restarts?: RestartLimits;
  /** MIRROR_RETIRE_MS unless given (tests). */
  readonly retireMs?: number;
  readonly log?: (message: string) => void;
}

/** A snapshot from the worker, null for a pty it does not have, 'lost' when the worker died first. */
type Answer = TerminalSnapshot | null | 'lost';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * The screen mirrors of every pty, in one worker thread, started by the first mirror that needs
 * parsing (see MIRROR_DEFER_CHARS): not at launch, where it would compete for the CPU. Writes are
 * fire-and-forget messages in stream order; a snapshot is a request answered after everything
 * sent before it was parsed. The stream position (`end`) is counted here, on the main thread,
 * where the output is sent.
 *
 * A worker that fails (an exception, a crash) costs the screens it held, never a terminal: snapshots
 * it owed are answered with MIRROR_LOST_NOTICE, and a new worker parses from then on (a restarted
 * mirror cannot be re-seeded: the output before lives nowhere else). Restarts follow RestartPolicy;
 * once it gives up, reloads show the notice and live output only.
 */
export class MirrorHost {
  private _next = 0;
  private readonly _pending = new Map<number, (answer: Answer) => void>();
  /** Characters posted to the worker and not yet parsed, per pty. */
  private readonly _backlog = new MirrorBacklog();
  private readonly _mirrors = new Map<string, Mirror>();
  private _worker: Worker | undefined;
  /** No worker starts before this time: the wait after a failure. */
  private _notBefore = 0;
  private _closed = false;
  private _retireTimer: NodeJS.Timeout | undefined;
  /** Requests posted so far: did anything happen while a retirement asked for snapshots? */
  private _posts = 0;
  private readonly _restarts: RestartPolicy;
  private readonly _log: (message: string) => void;
  private readonly _retireMs: number;

  private constructor(
    private readonly _url: URL,
    options: MirrorHostOptions,
  ) {
    this._restarts = new RestartPolicy(options.restarts);
    this._log = options.log ?? ((message) => console.error(message));
    this._retireMs = options.retireMs ?? MIRROR_RETIRE_MS;
  }

  static async start(options: MirrorHostOptions = {}): Promise<MirrorHost> {
    return new MirrorHost(await resolveWorkerUrl(MIRROR_WORKER_ENTRY, 'electron/pty/mirror-worker.ts'), options);
  }

  /** Whether the worker is running (it starts with the first mirror that needs parsing). */
  get started(): boolean {
    return this._worker !== undefined;
  }

  /** True once the worker failed too often to be restarted again. */
  get gaveUp(): boolean {
    return this._restarts.gaveUp;
  }

  /** Whether a worker runs or may start now: not once closed or given up, nor while waiting to restart. */
  private get _available(): boolean {
    return !this._closed && !this._restarts.gaveUp && (this._worker !== undefined || Date.now() >= this._notBefore);
  }

  /** Posts to the worker, starting one if need be; false when the message had to be dropped. */
  private _post(mirror: Mirror, message: MirrorRequest): boolean {
    if (!this._available) return false;
    const worker = (this._worker ??= this._startWorker());
    if (mirror.lost) {
      mirror.lost = false;
      worker.postMessage({ t: 'open', id: mirror.id, cols: mirror.cols, rows: mirror.rows, lost: true } satisfies MirrorRequest);
    }
    worker.postMessage(message);
    this._posts++;
    if (this._retireTimer) this._retireTimer.refresh();
    else this._retireTimer = setTimeout(() => void this._retire(), this._retireMs).unref();
    return true;
  }

  /**
   * Stops an idle worker (see MIRROR_RETIRE_MS). A screen that printed too much to replay is kept as
   * its snapshot (what an attaching window gets anyway): ~100 KB here rather than an isolate.
   */
  private async _retire(): Promise<void> {
    this._retireTimer = undefined;
    const worker = this._worker;
    const idle = () => worker === this._worker && !this._closed && this._pending.size === 0 && this._backlog.total === 0;
    if (!worker || this._closed) return;
    // Still parsing or answering (a slow machine): again after another quiet spell.
    if (!idle()) return void (this._retireTimer ??= setTimeout(() => void this._retire(), this._retireMs).unref());
    const open = [...this._mirrors.values()].filter((mirror) => !mirror.deferred);
    if (open.some((mirror) => mirror.lost)) return;
    const heavy = open.filter((mirror) => !mirror.replay);
    const asked = heavy.map((mirror) => this._snapshot(mirror));
    const posts = this._posts;
    const snapshots = await Promise.all(asked);
    // Anything sent meanwhile (output, a mark, a resize) is newer than the snapshots: not now.
    if (!idle() || posts !== this._posts || heavy.some((mirror) => mirror.disposed || mirror.deferred)) return;
    for (const [i, mirror] of heavy.entries()) mirror.replay = replayFromSnapshot(mirror, snapshots[i]!);
    this._worker = undefined;
    for (const mirror of open) this._defer(mirror, mirror.replay!);
    void worker.terminate();
  }

  /** Back to held requests, replayed when the mirror is next needed. */
  private _defer(mirror: Mirror, ops: MirrorRequest[]): void {
    holdAgain(mirror, ops);
    this._backlog.delete(mirror.id);
  }

  private _startWorker(): Worker {
    const worker = new Worker(this._url, { resourceLimits: WORKER_LIMITS });
    trackWorker(worker, 'screen mirror');
    worker.on('message', (reply: MirrorReply) => {
      if (worker !== this._worker || isMemoryProbe(reply)) return;
      if (reply.t === 'parsed') {
        this._backlog.parsed(reply.id, reply.chars);
        return;
      }
      this._pending.get(reply.request)?.(reply.snapshot);
      this._pending.delete(reply.request);
    });
    // Without a listener, an exception in the worker would be rethrown here and end the process,
    // and every terminal with it. 'exit' follows, and handles the death.
    worker.on('error', (error) => this._log(`screen mirror failed: ${error.stack ?? error.message}`));
    worker.on('exit', (code) => this._died(worker, code));
    // The process must be able to exit with the worker still running.
    worker.unref();
    return worker;
  }

  private _died(worker: Worker, code: number): void {
    if (worker !== this._worker || this._closed) return;
    this._worker = undefined;
    // Everything it held is gone: the screens, the snapshots it owed, and the backlog it would have
    // acknowledged (a pty waiting for its mirror to catch up would otherwise wait for ever).
    // Not replayed even where it could be: a stream that crashed the parse would crash it again.
    for (const mirror of this._mirrors.values()) {
      if (mirror.deferred) continue;
      mirror.lost = true;
      mirror.replay = undefined;
    }
    for (const answer of this._pending.values()) answer('lost');
    this._pending.clear();
    this._backlog.clear();
    const delay = this._restarts.failed();
    if (delay === undefined) {
      this._log(`screen mirror stopped (exit code ${code}) and failed too often to restart: reloaded terminals show only new output`);
      // Deferred ones would wait for a parse that will never come: drop what they hold.
      for (const mirror of this._mirrors.values()) this._open(mirror);
      return;
    }
    this._notBefore = Date.now() + delay;
    this._log(`screen mirror stopped (exit code ${code}); restarting it${delay > 0 ? ` in ${delay} ms` : ''}`);
  }

  /** Replays a deferred mirror's requests to the worker; false when no worker may run now (it stays deferred). */
  private _open(mirror: Mirror): boolean {
    if (!mirror.deferred) return true;
    if (this._restarts.gaveUp) {
      mirror.deferred = undefined;
      mirror.lost = true;
      return false;
    }
    if (!this._available) return false;
    const { ops } = mirror.deferred;
    mirror.deferred = undefined;
    mirror.replay = mirror.written > MIRROR_DEFER_CHARS ? undefined : ops;
    // What the worker will acknowledge: every write held, or a restored snapshot's text.
    this._backlog.set(mirror.id, charsToParse(ops));
    for (const op of ops) this._post(mirror, op);
    return true;
  }

  readonly factory: MirrorFactory = (id, cols, rows) => {
    // Until the pty has printed MIRROR_DEFER_CHARS or someone asks for its screen, its requests
    // wait here, in order, and are replayed to the worker when it opens: the same stream parsed
    // later is the same screen.
    const mirror = newMirror(id, cols, rows);
    this._mirrors.set(id, mirror);
    /** True when posted to the worker now (not held, not dropped). */
    const post = (message: MirrorRequest): boolean => {
      if (mirror.disposed) return false;
      if (!mirror.deferred) {
        if (mirror.written > MIRROR_DEFER_CHARS) mirror.replay = undefined;
        mirror.replay?.push(message);
        return this._post(mirror, message);
      }
      mirror.deferred.ops.push(message);
      if (message.t === 'write' || message.t === 'mark') mirror.deferred.blank = false;
      if (mirror.written > MIRROR_DEFER_CHARS) this._open(mirror);
      return false;
    };
    return {
      write: (data) => {
        mirror.written += data.length;
        // Opening counts everything written as backlog; later writes count as they are posted.
        if (post({ t: 'write', id, data })) this._backlog.add(id, data.length);
      },
      congested: () => this._backlog.congested(id),
      mark: (mark) => void post({ t: 'mark', id, mark }),
      resize: (nextCols, nextRows) => {
        mirror.cols = nextCols;
        mirror.rows = nextRows;
        post({ t: 'resize', id, cols: nextCols, rows: nextRows });
      },
      snapshot: (keep) => this._snapshot(mirror, keep),
      dispose: () => {
        if (mirror.disposed) return;
        // Never opened, or its worker died: there is nothing to close in the worker.
        if (!mirror.deferred && !mirror.lost) this._post(mirror, { t: 'close', id });
        mirror.disposed = true;
        mirror.deferred = undefined;
        if (this._mirrors.get(id) === mirror) this._mirrors.delete(id);
        this._backlog.delete(id);
      },
    } satisfies ScreenMirrorLike;
  };

  private async _snapshot(mirror: Mirror, keep?: number): Promise<TerminalSnapshot> {
    const end = mirror.written;
    const blank = { data: '', cols: mirror.cols, rows: mirror.rows, end, marks: [] };
    // Nothing shown yet (every spawn attaches at once), or the pty is gone: no need to parse.
    if (mirror.disposed || mirror.deferred?.blank || this._closed) return blank;
    const lost = { ...blank, data: MIRROR_LOST_NOTICE };
    if (mirror.deferred && !this._open(mirror) && !this._restarts.gaveUp) {
      // Waiting to restart after a failure, with all of its output still here: worth the wait.
      await wait(this._notBefore - Date.now());
      return this._snapshot(mirror, keep);
    }
    const request = this._next++;
    if (!this._post(mirror, { t: 'snapshot', id: mirror.id, request, ...(keep ? { keep } : {}) })) return lost;
    const answer = await new Promise<Answer>((resolve) => this._pending.set(request, resolve));
    if (answer === 'lost') return lost;
    return answer ? { ...answer, end } : blank;
  }

  async close(): Promise<void> {
    this._closed = true;
    clearTimeout(this._retireTimer);
    for (const answer of this._pending.values()) answer(null);
    this._pending.clear();
    await this._worker?.terminate();
  }
}
