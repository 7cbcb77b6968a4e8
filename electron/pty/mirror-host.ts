// SPDX-License-Identifier: MIT
import { Worker } from 'node:worker_threads';
import type { TerminalSnapshot } from '../../shared/ipc/pty';
import { resolveWorkerUrl } from '../runtime/worker-url';
import type { MirrorFactory, MirrorReply, MirrorRequest, ScreenMirrorLike } from './mirror-protocol';
import { ScreenMirror } from './screen-mirror';

export const MIRROR_WORKER_ENTRY = 'mirror-worker';

/** Output characters a mirror may lag behind before its pty waits (a flood faster than the parse). */
export const MIRROR_BACKLOG_CHARS = 16 * 1024 * 1024;

/**
 * Output characters a pty may print before its mirror is parsed. Until then its output is kept
 * here, and the worker (an isolate, ~10 MB of the server's memory) is not started for terminals
 * that only showed a prompt or a few commands; a window that re-attaches to one starts it.
 */
export const MIRROR_DEFER_CHARS = 256 * 1024;

/**
 * The screen mirrors of every pty, in one worker thread, started by the first mirror that needs
 * parsing (see MIRROR_DEFER_CHARS): not at launch, where it would compete for the CPU. Writes are
 * fire-and-forget messages in stream order; a snapshot is a request answered after everything
 * sent before it was parsed. The stream position (`end`) is counted here, on the main thread,
 * where the output is sent.
 */
export class MirrorHost {
  private _next = 0;
  private readonly _pending = new Map<number, (snapshot: TerminalSnapshot | null) => void>();
  /** Characters posted to the worker and not yet parsed, per pty. */
  private readonly _backlog = new Map<string, number>();
  private _worker: Worker | undefined;

  private constructor(private readonly _url: URL) {}

  static async start(): Promise<MirrorHost> {
    return new MirrorHost(await resolveWorkerUrl(MIRROR_WORKER_ENTRY, 'electron/pty/mirror-worker.ts'));
  }

  private _post(message: MirrorRequest): void {
    (this._worker ??= this._startWorker()).postMessage(message);
  }

  private _startWorker(): Worker {
    const worker = new Worker(this._url);
    worker.on('message', (reply: MirrorReply) => {
      if (reply.t === 'parsed') {
        const backlog = this._backlog.get(reply.id);
        if (backlog !== undefined) this._backlog.set(reply.id, Math.max(0, backlog - reply.chars));
        return;
      }
      this._pending.get(reply.request)?.(reply.snapshot);
      this._pending.delete(reply.request);
    });
    // The process must be able to exit with the worker still running.
    worker.unref();
    return worker;
  }

  /** Whether the worker is running (it starts with the first mirror that needs parsing). */
  get started(): boolean {
    return this._worker !== undefined;
  }

  readonly factory: MirrorFactory = (id, cols, rows) => {
    // Until the pty has printed MIRROR_DEFER_CHARS or someone asks for its screen, its requests
    // wait here, in order, and are replayed to the worker when it opens: the same stream parsed
    // later is the same screen.
    // Deferral starts with the mirror, so until it ends every character written (`written`) is
    // one the worker has yet to parse.
    let deferred: { ops: MirrorRequest[]; blank: boolean } | undefined = { ops: [{ t: 'open', id, cols, rows }], blank: true };
    let disposed = false;
    let written = 0;
    let size = { cols, rows };
    const open = () => {
      if (!deferred) return;
      const { ops } = deferred;
      deferred = undefined;
      this._backlog.set(id, written);
      for (const op of ops) this._post(op);
    };
    const post = (message: MirrorRequest) => {
      if (disposed) return;
      if (!deferred) return this._post(message);
      deferred.ops.push(message);
      if (message.t === 'write' || message.t === 'mark') deferred.blank = false;
      if (written > MIRROR_DEFER_CHARS) open();
    };
    return {
      write: (data) => {
        written += data.length;
        if (!deferred) this._backlog.set(id, (this._backlog.get(id) ?? 0) + data.length);
        post({ t: 'write', id, data });
      },
      congested: () => (this._backlog.get(id) ?? 0) > MIRROR_BACKLOG_CHARS,
      mark: (mark) => post({ t: 'mark', id, mark }),
      resize: (nextCols, nextRows) => {
        size = { cols: nextCols, rows: nextRows };
        post({ t: 'resize', id, cols: nextCols, rows: nextRows });
      },
      snapshot: () => {
        const end = written;
        const blank = { data: '', ...size, end, marks: [] };
        // Nothing shown yet (every spawn attaches at once), or the pty is gone: no need to parse.
        if (disposed || deferred?.blank) return Promise.resolve(blank);
        open();
        const request = this._next++;
        this._post({ t: 'snapshot', id, request });
        return new Promise((resolve) => {
          this._pending.set(request, (snapshot) => resolve(snapshot ? { ...snapshot, end } : blank));
        });
      },
      dispose: () => {
        // A mirror still deferred was never opened in the worker: there is nothing to close there.
        if (!deferred && !disposed) this._post({ t: 'close', id });
        disposed = true;
        deferred = undefined;
        this._backlog.delete(id);
      },
    } satisfies ScreenMirrorLike;
  };

  async close(): Promise<void> {
    for (const resolve of this._pending.values()) resolve(null);
    this._pending.clear();
    await this._worker?.terminate();
  }
}

/** In-process mirrors, for tests and tools that run no worker. */
export const inProcessMirrors: MirrorFactory = (_id, cols, rows) => new ScreenMirror(cols, rows);
