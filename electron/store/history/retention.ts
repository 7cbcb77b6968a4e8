// SPDX-License-Identifier: MIT
import type { HistoryUsage } from '../../../shared/ipc/history';
import type { RowWritten as ChunkRow } from './ports';
import type { Db as WritableDb } from './ports';
import type { CommandWritten as CommandRowInput } from './ports';
import { CommandCap } from './command-cap';
import { Forgetter, type Forgotten } from './forget';
import { UNLIMITED_POLICY, type RetentionPolicy } from './policy';
import { Pruner } from './pruner';
import { RawBytes } from './raw-bytes';
import { RawRanges } from './raw-ranges';
import { Space } from './space';
import type { ForgetRequest } from '../../../shared/ipc/history';

/** One pruning slice: short enough that a commit waiting behind it is not noticeably late. */
const SLICE_MS = 25;
/** Age and record limits move slowly: check them this often (and at start, and when asked). */
const SLOW_PASS_MS = 10 * 60 * 1000;

/**
 * The writer's retention: accounting and the per-command cap inside each commit, pruning and
 * space release between commits, in slices on timers so commits interleave with them.
 */
export class Retention {
  readonly raw: RawBytes;
  private readonly _cap: CommandCap;
  private readonly _pruner: Pruner;
  private readonly _space: Space;
  private readonly _forgetter: Forgetter;
  private _policy: RetentionPolicy = UNLIMITED_POLICY;
  private _timer: NodeJS.Timeout | undefined;
  private _lastSlowPass = Number.NEGATIVE_INFINITY;

  private readonly _ranges: RawRanges;

  constructor(
    private readonly _db: WritableDb,
    path: string,
    private readonly _onError: (error: unknown) => void,
    private readonly _now: () => number = Date.now,
  ) {
    this._ranges = new RawRanges(_db);
    this.raw = new RawBytes(_db);
    this._cap = new CommandCap(_db, this.raw, UNLIMITED_POLICY.commandRawMaxBytes);
    this._pruner = new Pruner(_db, this.raw);
    this._space = new Space(_db, path);
    this._forgetter = new Forgetter(_db);
  }

  setPolicy(policy: RetentionPolicy): void {
    this._policy = policy;
    this._cap.setLimit(policy.commandRawMaxBytes);
    this._lastSlowPass = Number.NEGATIVE_INFINITY;
    this.schedule();
  }

  /** Inside the commit transaction, per applied item. */
  noteRow(row: ChunkRow): void {
    this.raw.add(row.sessionId, row.data.length);
    this._cap.noteRow(row);
  }

  noteCommand(command: CommandRowInput): void {
    this._cap.noteCommand(command);
  }

  /**
   * Inside the commit transaction: removes what was already stored of a command the user keeps out
   * of history (its prompt, echoed command line and keystrokes), both directions.
   */
  dropRange(sessionId: string, from: number, to: number): void {
    this.raw.flush();
    this._ranges.cut(sessionId, 1, from, to);
    this._ranges.cut(sessionId, 0, from, to + 1);
    this.raw.reload(this._db);
  }

  noteSessionEnd(id: string): void {
    this._cap.forgetSession(id);
  }

  /** Last thing inside the commit transaction. */
  flush(): void {
    this._cap.flush();
    this.raw.flush();
  }

  /** First thing inside a commit: room for the rows it brings, when at the cap. */
  makeRoom(incoming: number): void {
    this._pruner.makeRoom(this._policy, incoming);
  }

  /** The commit failed and rolled back: its accounting (and any pruning in it) did not happen. */
  discard(): void {
    this.raw.reload(this._db);
  }

  /**
   * After a commit. Over the size cap, a slice of pruning runs right here, before the next commit:
   * a timer would not fire while a flood keeps the worker's message queue full, and the file would
   * grow far past the cap before pruning caught up all at once (measured: 48 MB over an 8 MB cap).
   * The slow limits (age, record counts) wait for a timer.
   */
  schedule(): void {
    if (this._pruner.rawExcess(this._policy) > 0) {
      if (this._timer) clearTimeout(this._timer);
      this._timer = undefined;
      return this._slice();
    }
    if (this._timer || this._now() - this._lastSlowPass < SLOW_PASS_MS) return;
    this._timer = setTimeout(() => this._slice(), 0);
  }

  private _slice(): void {
    this._timer = undefined;
    const slow = this._now() - this._lastSlowPass >= SLOW_PASS_MS;
    let more: boolean;
    try {
      more = this._pruner.run(this._policy, this._now(), SLICE_MS, slow).more;
      if (!more) this._space.releaseExcess(this._policy.rawMaxBytes);
    } catch (error) {
      // A full disk can fail deletes too (the WAL must grow first): try again at the next commit.
      this._lastSlowPass = this._now();
      return this._onError(error);
    }
    if (!more) {
      if (slow) this._lastSlowPass = this._now();
      return;
    }
    // Let queued commits run between slices.
    this._timer = setTimeout(() => this._slice(), 1);
  }

  /** No pruning slice is waiting for its timer. */
  get idle(): boolean {
    return this._timer === undefined;
  }

  usage(): HistoryUsage {
    return this._space.usage(this.raw.total);
  }

  /** Everything over the limits now, then every free page back to the file system. */
  freeSpace(): HistoryUsage & { freedBytes: number } {
    const before = this._space.diskBytes();
    while (this._pruner.run(this._policy, this._now(), 1000, true).more);
    this._lastSlowPass = this._now();
    this._space.releaseAll();
    const usage = this.usage();
    return { ...usage, freedBytes: Math.max(0, before - usage.dbBytes) };
  }

  forget(request: ForgetRequest): Forgotten {
    const result = this._forgetter.forget(request, this._now());
    for (const id of result.sessionIds) this._cap.forgetSession(id);
    this.raw.reload(this._db);
    this._space.checkpoint();
    return result;
  }

  /** Folds the WAL into the file and truncates it (after forgetting: the log keeps old page images). */
  checkpoint(): void {
    this._space.checkpoint();
  }

  dispose(): void {
    if (this._timer) clearTimeout(this._timer);
    this._timer = undefined;
  }
}
