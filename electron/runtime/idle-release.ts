// SPDX-License-Identifier: MIT
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { trimNativeHeap } from './native-memory';

let collector: (() => void) | null | undefined;

/**
 * This isolate's `gc`. V8 sizes a heap for the allocation rate it saw: after a flood a thread's
 * old generation may hold 150 MB of dead strings, and an idle thread gives V8 no reason to
 * collect (its memory reducer may wait minutes). The flag only exposes the function to contexts
 * created afterwards; no other code here runs in such a context.
 */
const collectGarbage = (): (() => void) | null => {
  if (collector !== undefined) return collector;
  try {
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as () => void;
  } catch {
    collector = null;
  }
  return collector;
};

/**
 * Worker threads' heap limits. Under a flood V8 doubles a young generation up to 16 MB
 * semi-spaces (48 MB with its large-object space) and an idle worker gives that back late or
 * never (its memory reducer rarely runs): ~32 MB resident per worker for a burst that is over.
 * 6 MB (2 MB semi-spaces) keeps a scavenge of mostly dead output strings well under a
 * millisecond. The main thread's young generation can only be set by a command-line flag at
 * start; its memory reducer does run, and it shrinks back within seconds of a flood.
 */
export const WORKER_LIMITS = { maxYoungGenerationSizeMb: 6 } as const;

/** After ~4 MB of output (a build's log, not a few commands) and 2 s without any. */
export const AFTER_BURST = { afterWork: 4 * 1024 * 1024, quietMs: 2_000 } as const;

const SWEEP_MS = 1_000;

export interface IdleReleaseOptions {
  /** Work (characters, bytes) after which a quiet spell releases memory. */
  readonly afterWork: number;
  /** How long nothing must happen first. */
  readonly quietMs: number;
  /** Run before the collection (SQLite's shrink_memory, dropping caches). */
  readonly before?: () => void;
}

/**
 * Gives a thread's memory back once a burst of work is over: after `afterWork` of it and then
 * `quietMs` with none, one full collection of this thread's heap and a trim of the C allocator.
 * A collection of a small live heap takes a few milliseconds, and happens at most once per quiet
 * spell, never during the burst (where it would cost throughput and free little).
 */
export class IdleRelease {
  private _work = 0;
  private _timer: NodeJS.Timeout | undefined;
  private _sweep: NodeJS.Timeout | undefined;

  constructor(private readonly _options: IdleReleaseOptions) {}

  /** `amount` of work was done (a write parsed, a chunk stored); Infinity for "a terminal went away". */
  note(amount: number): void {
    this._work += amount;
    if (this._work < this._options.afterWork) return;
    if (this._timer) this._timer.refresh();
    else this._timer = setTimeout(() => this.release(), this._options.quietMs).unref();
  }

  /**
   * Releases now (also what the timer does). A second collection a second later finishes the job:
   * V8 frees dead ArrayBuffers' memory (a terminal's screen lines) on a background sweep after the
   * first, and in an idle worker nothing else would come to let it complete.
   */
  release(): void {
    this._timer = undefined;
    this._work = 0;
    this._options.before?.();
    collectGarbage()?.();
    clearTimeout(this._sweep);
    this._sweep = setTimeout(() => {
      this._sweep = undefined;
      collectGarbage()?.();
      trimNativeHeap();
    }, SWEEP_MS).unref();
  }

  dispose(): void {
    clearTimeout(this._timer);
    clearTimeout(this._sweep);
    this._timer = undefined;
    this._sweep = undefined;
  }
}
