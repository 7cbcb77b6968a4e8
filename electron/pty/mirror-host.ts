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
 * The screen mirrors of every pty, in one worker thread. Writes are fire-and-forget messages in
 * stream order; a snapshot is a request answered after everything sent before it was parsed. The
 * stream position (`end`) is counted here, on the main thread, where the output is sent.
 */
export class MirrorHost {
  private _next = 0;
  private readonly _pending = new Map<number, (snapshot: TerminalSnapshot | null) => void>();
  /** Characters posted to the worker and not yet parsed, per pty. */
  private readonly _backlog = new Map<string, number>();

  private constructor(private readonly _worker: Worker) {
    _worker.on('message', (reply: MirrorReply) => {
      if (reply.t === 'parsed') {
        const backlog = this._backlog.get(reply.id);
        if (backlog !== undefined) this._backlog.set(reply.id, Math.max(0, backlog - reply.chars));
        return;
      }
      this._pending.get(reply.request)?.(reply.snapshot);
      this._pending.delete(reply.request);
    });
    // The process must be able to exit with the worker still running.
    _worker.unref();
  }

  static async start(): Promise<MirrorHost> {
    return new MirrorHost(new Worker(await resolveWorkerUrl(MIRROR_WORKER_ENTRY, 'electron/pty/mirror-worker.ts')));
  }

  readonly factory: MirrorFactory = (id, cols, rows) => {
    const post = (message: MirrorRequest) => this._worker.postMessage(message);
    post({ t: 'open', id, cols, rows });
    this._backlog.set(id, 0);
    let written = 0;
    let size = { cols, rows };
    return {
      write: (data) => {
        written += data.length;
        this._backlog.set(id, (this._backlog.get(id) ?? 0) + data.length);
        post({ t: 'write', id, data });
      },
      congested: () => (this._backlog.get(id) ?? 0) > MIRROR_BACKLOG_CHARS,
      mark: (mark) => post({ t: 'mark', id, mark }),
      resize: (nextCols, nextRows) => {
        size = { cols: nextCols, rows: nextRows };
        post({ t: 'resize', id, cols: nextCols, rows: nextRows });
      },
      snapshot: () => {
        const request = this._next++;
        const end = written;
        post({ t: 'snapshot', id, request });
        return new Promise((resolve) => {
          this._pending.set(request, (snapshot) =>
            resolve(snapshot ? { ...snapshot, end } : { data: '', ...size, end, marks: [] }),
          );
        });
      },
      dispose: () => {
        this._backlog.delete(id);
        post({ t: 'close', id });
      },
    } satisfies ScreenMirrorLike;
  };

  async close(): Promise<void> {
    for (const resolve of this._pending.values()) resolve(null);
    this._pending.clear();
    await this._worker.terminate();
  }
}

/** In-process mirrors, for tests and tools that run no worker. */
export const inProcessMirrors: MirrorFactory = (_id, cols, rows) => new ScreenMirror(cols, rows);
