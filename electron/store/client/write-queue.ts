// SPDX-License-Identifier: MIT
import type { WriteOp, WriterRequest } from '../worker/protocol';

type ChunkMeta = Omit<Extract<WriteOp, { kind: 'chunk' }>, 'kind' | 'at' | 'length'>;
type WriteMessage = Extract<WriterRequest, { type: 'write' }>;

/** Room for ~64 pty reads; a flood fills it in about 2 ms at pty speed. */
const ARENA_BYTES = 256 * 1024;
/** Coalesces the main thread's writes into one postMessage per interval instead of one per pty read. */
const POST_INTERVAL_MS = 4;

/**
 * The main thread's half of the write path. Calls never block: ops are queued, chunk bytes copied
 * once into an arena, and the lot is posted to the writer every few milliseconds (or when the
 * arena fills) as one message with the arena transferred, not cloned.
 *
 * The copy is required anyway: callers hand us Buffers they keep using (the pty manager decodes
 * the same Buffer after the recorder sees it) and that may be slices of Node's shared pool.
 */
export class WriteQueue {
  private _ops: WriteOp[] = [];
  private _arena = Buffer.allocUnsafeSlow(ARENA_BYTES);
  private _used = 0;
  private _timer: NodeJS.Timeout | undefined;

  constructor(private readonly _post: (message: WriteMessage, transfer: ArrayBuffer[]) => void) {}

  /** Chunk bytes queued here and not yet posted. */
  get queuedBytes(): number {
    return this._used;
  }

  push(op: WriteOp): void {
    this._ops.push(op);
    this._schedule();
  }

  pushChunk(meta: ChunkMeta, data: Buffer): void {
    if (data.length > ARENA_BYTES) {
      this.post();
      const own = Buffer.allocUnsafeSlow(data.length);
      data.copy(own);
      const op: WriteOp = { kind: 'chunk', ...meta, at: 0, length: data.length };
      this._post({ type: 'write', ops: [op], arena: own.buffer, bytes: data.length }, [own.buffer]);
      return;
    }
    if (this._used + data.length > ARENA_BYTES) this.post();
    data.copy(this._arena, this._used);
    this._ops.push({ kind: 'chunk', ...meta, at: this._used, length: data.length });
    this._used += data.length;
    this._schedule();
  }

  /** Posts everything queued now; with a flushId the writer commits at once and reports that id. */
  post(flushId?: number, searchable = false): void {
    if (this._timer) clearTimeout(this._timer);
    this._timer = undefined;
    if (this._ops.length === 0 && flushId === undefined) return;
    const ops = this._ops;
    const bytes = this._used;
    this._ops = [];
    this._used = 0;
    let arena: ArrayBuffer | null = null;
    if (bytes > ARENA_BYTES / 4) {
      arena = this._arena.buffer;
      this._arena = Buffer.allocUnsafeSlow(ARENA_BYTES);
    } else if (bytes > 0) {
      // A few keystrokes or a prompt: copy them out and keep the arena, rather than churn 256 KB per post.
      arena = this._arena.buffer.slice(this._arena.byteOffset, this._arena.byteOffset + bytes);
    }
    const flush = flushId === undefined ? {} : { flushId, ...(searchable ? { searchable } : {}) };
    const message: WriteMessage = { type: 'write', ops, arena, bytes, ...flush };
    this._post(message, arena ? [arena] : []);
  }

  dispose(): void {
    if (this._timer) clearTimeout(this._timer);
    this._timer = undefined;
  }

  private _schedule(): void {
    this._timer ??= setTimeout(() => this.post(), POST_INTERVAL_MS);
  }
}
