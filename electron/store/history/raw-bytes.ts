// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import type { Db as WritableDb } from './ports';

/**
 * The stored raw bytes per session (`sessions.raw_bytes`) and in total, kept by whoever inserts or
 * deletes chunks. Deltas collect in memory during a transaction and are written once per session
 * at its end (`flush`), so a flood costs one UPDATE per session per commit, not one per row.
 */
export class RawBytes {
  private readonly _deltas = new Map<string, number>();
  private readonly _update: Database.Statement;
  private _total: number;

  constructor(db: WritableDb) {
    this._update = db.prepare('UPDATE sessions SET raw_bytes = max(0, raw_bytes + ?) WHERE id = ?');
    this._total = db.prepare('SELECT coalesce(sum(raw_bytes), 0) FROM sessions').pluck().get() as number;
  }

  /** All sessions' stored raw bytes, as of the last flush plus what is pending. */
  get total(): number {
    return this._total;
  }

  add(sessionId: string, bytes: number): void {
    if (bytes === 0) return;
    this._deltas.set(sessionId, (this._deltas.get(sessionId) ?? 0) + bytes);
    this._total += bytes;
  }

  /** Call inside the transaction that inserted or deleted the rows. */
  flush(): void {
    for (const [id, delta] of this._deltas) this._update.run(delta, id);
    this._deltas.clear();
  }

  /** After deletes this class did not see (forget) or a rollback: read the truth again. */
  reload(db: WritableDb): void {
    this._deltas.clear();
    this._total = db.prepare('SELECT coalesce(sum(raw_bytes), 0) FROM sessions').pluck().get() as number;
  }
}
