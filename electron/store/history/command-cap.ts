// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import type { RowWritten as ChunkRow } from './ports';
import type { Db as WritableDb } from './ports';
import type { CommandWritten as CommandRowInput } from './ports';
import type { RawBytes } from './raw-bytes';

/** Trim in steps of this much, so a flood costs one small DELETE every few MB, not one per row. */
const TRIM_STEP_BYTES = 4 * 1024 * 1024;

interface Running {
  readonly id: string;
  /** The head ends here: rows starting before it are kept. */
  readonly headEnd: number;
  /** Everything between headEnd and here is already gone. */
  trimmedTo: number;
  /** Dropped so far and not yet added to the command's row. */
  dropped: number;
}

/**
 * Bounds one command's raw output (a `yes`, a `tail -f` left running) so it cannot evict every
 * other session's history: past the limit it keeps the first half and a rolling last half, and
 * counts the bytes dropped between them in `commands.output_dropped`. Runs inside the writer's
 * transactions, as rows are inserted; the middle is deleted every TRIM_STEP_BYTES.
 *
 * Row boundaries make it approximate by at most one row (64 KB) at each end.
 */
export class CommandCap {
  private readonly _running = new Map<string, Running>();
  private readonly _delete: Database.Statement;
  private readonly _count: Database.Statement;

  constructor(
    db: WritableDb,
    private readonly _raw: RawBytes,
    private _limit: number,
  ) {
    this._delete = db
      .prepare(
        `DELETE FROM chunks WHERE session_id = ? AND direction = 1 AND output_offset >= ?
           AND output_offset + length(data) <= ? RETURNING length(data)`,
      )
      .pluck();
    this._count = db.prepare('UPDATE commands SET output_dropped = output_dropped + ? WHERE id = ?');
  }

  setLimit(bytes: number): void {
    this._limit = Math.max(1, bytes);
  }

  noteCommand(c: CommandRowInput): void {
    const running = this._running.get(c.sessionId);
    if (c.endedAt === null) {
      if (running?.id !== c.id) {
        if (running) this._settle(running);
        const headEnd = c.outputStart + Math.floor(this._limit / 2);
        this._running.set(c.sessionId, { id: c.id, headEnd, trimmedTo: headEnd, dropped: 0 });
      }
      return;
    }
    if (running?.id !== c.id) return;
    if (c.outputEnd !== null) this._trim(c.sessionId, running, c.outputEnd, 0);
    this._settle(running);
    this._running.delete(c.sessionId);
  }

  noteRow(row: ChunkRow): void {
    if (row.direction !== 1) return;
    const running = this._running.get(row.sessionId);
    if (running) this._trim(row.sessionId, running, row.outputOffset + row.data.length, TRIM_STEP_BYTES);
  }

  /** The session ended (or was forgotten): stop following its command. */
  forgetSession(sessionId: string): void {
    const running = this._running.get(sessionId);
    if (running) this._settle(running);
    this._running.delete(sessionId);
  }

  /** Call at the end of each transaction: the drop counts land with the deletes. */
  flush(): void {
    for (const running of this._running.values()) this._settle(running);
  }

  private _trim(sessionId: string, running: Running, end: number, step: number): void {
    const tailStart = end - Math.ceil(this._limit / 2);
    if (tailStart <= running.trimmedTo || tailStart - running.trimmedTo < step) return;
    running.trimmedTo = tailStart;
    let dropped = 0;
    for (const length of this._delete.all(sessionId, running.headEnd, tailStart) as number[]) dropped += length;
    if (dropped === 0) return;
    running.dropped += dropped;
    this._raw.add(sessionId, -dropped);
  }

  private _settle(running: Running): void {
    if (running.dropped === 0) return;
    this._count.run(running.dropped, running.id);
    running.dropped = 0;
  }
}
