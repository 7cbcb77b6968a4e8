// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import type { Db as WritableDb } from './ports';

interface Straddler {
  readonly rowid: number;
  readonly output_offset: number;
  readonly data: Buffer;
}

/**
 * Removes a byte range of one session's stream (by output offset) from `chunks`: rows wholly
 * inside it are deleted; a row that straddles an end keeps its length with the part inside
 * overwritten by NULs, so every other byte keeps its offset (ranges of other commands still read
 * right) and a terminal shows nothing there. Keeps `sessions.raw_bytes` in step.
 */
export class RawRanges {
  private readonly _inside: Database.Statement;
  private readonly _typed: Database.Statement;
  private readonly _straddling: Database.Statement;
  private readonly _rewrite: Database.Statement;
  private readonly _account: Database.Statement;

  constructor(db: WritableDb) {
    this._inside = db
      .prepare(
        `DELETE FROM chunks WHERE session_id = ? AND direction = ? AND output_offset >= ?
           AND output_offset + length(data) <= ? RETURNING length(data)`,
      )
      .pluck();
    this._typed = db
      .prepare(
        'DELETE FROM chunks WHERE session_id = ? AND direction = 0 AND output_offset >= ? AND output_offset < ? RETURNING length(data)',
      )
      .pluck();
    this._straddling = db.prepare(
      `SELECT rowid, output_offset, data FROM chunks WHERE session_id = ? AND direction = ?
         AND output_offset < ? AND output_offset + length(data) > ?`,
    );
    this._rewrite = db.prepare('UPDATE chunks SET data = ? WHERE rowid = ?');
    this._account = db.prepare('UPDATE sessions SET raw_bytes = max(0, raw_bytes + ?) WHERE id = ?');
  }

  /** Bytes of [from, to) removed; an input row's offset is where output stood when it was typed. */
  cut(sessionId: string, direction: 0 | 1, from: number, to: number): number {
    if (to <= from) return 0;
    let deleted = 0;
    // An input row sits at one offset (where output stood when it was typed), whatever its length.
    const inside = direction === 1 ? this._inside.all(sessionId, direction, from, to) : this._typed.all(sessionId, from, to);
    for (const length of inside as number[]) deleted += length;
    let blanked = 0;
    if (direction === 1) {
      for (const row of this._straddling.all(sessionId, direction, to, from) as Straddler[]) {
        const start = Math.max(from, row.output_offset) - row.output_offset;
        const end = Math.min(to, row.output_offset + row.data.length) - row.output_offset;
        const data = Buffer.from(row.data);
        data.fill(0, start, end);
        this._rewrite.run(data, row.rowid);
        blanked += end - start;
      }
    }
    this.account(sessionId, -deleted);
    return deleted + blanked;
  }

  account(sessionId: string, delta: number): void {
    if (delta !== 0) this._account.run(delta, sessionId);
  }
}
