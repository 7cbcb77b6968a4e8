// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import type { Db as WritableDb } from './ports';
import type { RetentionPolicy } from './policy';
import type { RawBytes } from './raw-bytes';

/** Rows deleted per statement: ~4–16 MB of raw output, a few milliseconds of work. */
const ROWS_PER_STEP = 256;
/** Prune below the cap by this share, so a store at its cap prunes in bursts, not on every commit. */
const HYSTERESIS = 0.05;

export interface PruneReport {
  readonly rawBytes: number;
  readonly commands: number;
  /** Work remains (the time budget ran out). */
  readonly more: boolean;
}

/**
 * Enforces the retention policy in bounded steps on the writer's connection, between its
 * commits (never inside them, never on the pty path). Raw output goes first, oldest session
 * first and, within a session, oldest rows first; records (commands with their clean output and
 * search entries) have their own limits by age and count.
 */
export class Pruner {
  private readonly _sql: { readonly [name: string]: Database.Statement };

  constructor(
    private readonly _db: WritableDb,
    private readonly _raw: RawBytes,
  ) {
    this._sql = {
      oldestWithRaw: _db.prepare('SELECT id FROM sessions WHERE raw_bytes > 0 ORDER BY started_at LIMIT 1').pluck(),
      oldRaw: _db.prepare('SELECT id FROM sessions WHERE raw_bytes > 0 AND started_at < ? ORDER BY started_at').pluck(),
      firstRows: _db.prepare('SELECT rowid, ts, length(data) AS size FROM chunks WHERE session_id = ? ORDER BY seq LIMIT ?'),
      deleteRowids: _db.prepare('DELETE FROM chunks WHERE rowid IN (SELECT value FROM json_each(?)) RETURNING length(data)').pluck(),
      zeroRaw: _db.prepare('UPDATE sessions SET raw_bytes = 0 WHERE id = ?'),
      oldCommands: _db.prepare(
        'DELETE FROM commands WHERE rid IN (SELECT rid FROM commands WHERE started_at < ? ORDER BY started_at LIMIT ?)',
      ),
      nthNewest: _db.prepare('SELECT started_at FROM commands ORDER BY started_at DESC LIMIT 1 OFFSET ?').pluck(),
      emptySessions: _db.prepare(
        `DELETE FROM sessions WHERE started_at < ? AND ended_at IS NOT NULL AND raw_bytes = 0
           AND NOT EXISTS (SELECT 1 FROM commands WHERE commands.session_id = sessions.id)`,
      ),
    };
  }

  /** Raw bytes over the cap (0 when under it or uncapped). */
  rawExcess(policy: RetentionPolicy): number {
    return policy.rawMaxBytes > 0 ? Math.max(0, this._raw.total - policy.rawMaxBytes) : 0;
  }

  /**
   * Inside a commit, before its rows go in: frees what they will take beyond the cap, so the
   * inserts reuse the pages just freed in the same transaction (measured: ingest at the cap
   * 0.61 → 0.83–0.9 of uncapped, against pruning after each commit in its own transaction).
   */
  makeRoom(policy: RetentionPolicy, incoming: number): void {
    if (policy.rawMaxBytes <= 0) return;
    const target = policy.rawMaxBytes * (1 - HYSTERESIS);
    for (let guard = 0; guard < 64 && this._raw.total + incoming > target; guard++) {
      if (this._pruneOldestRaw(this._raw.total + incoming - target) === 0) return;
    }
  }

  /**
   * Does up to `budgetMs` of pruning, in transactions of one step each, and says whether more
   * remains. `records` includes the record limits (a count over the whole table; not every pass).
   */
  run(policy: RetentionPolicy, now: number, budgetMs: number, records: boolean): PruneReport {
    const until = performance.now() + budgetMs;
    let rawBytes = 0;
    let commands = 0;
    const target = policy.rawMaxBytes * (1 - HYSTERESIS);
    const step = (work: () => number): number => this._db.transaction(work).immediate();
    while (policy.rawMaxBytes > 0 && this._raw.total > target) {
      const freed = step(() => this._pruneOldestRaw(this._raw.total - target));
      rawBytes += freed;
      if (freed === 0 || performance.now() > until) return { rawBytes, commands, more: freed > 0 };
    }
    if (policy.rawMaxAgeMs > 0) {
      const cutoff = now - policy.rawMaxAgeMs;
      for (const id of this._sql.oldRaw!.all(cutoff) as string[]) {
        for (;;) {
          const freed = step(() => this._pruneRawBefore(id, cutoff));
          rawBytes += freed;
          if (freed === 0) break;
          if (performance.now() > until) return { rawBytes, commands, more: true };
        }
      }
    }
    if (records) commands += step(() => this._pruneRecords(policy, now));
    return { rawBytes, commands, more: false };
  }

  /** Up to `need` bytes (whole rows, so a little more) of the oldest session's oldest rows. */
  private _pruneOldestRaw(need: number): number {
    const id = this._sql.oldestWithRaw!.get() as string | undefined;
    if (id === undefined) return 0;
    const rows = this._sql.firstRows!.all(id, ROWS_PER_STEP) as Array<{ rowid: number; size: number }>;
    if (rows.length === 0) {
      this._sql.zeroRaw!.run(id);
      return 0;
    }
    const doomed: number[] = [];
    let planned = 0;
    for (const row of rows) {
      if (planned >= need) break;
      doomed.push(row.rowid);
      planned += row.size;
    }
    return this._deleteRows(id, doomed);
  }

  private _deleteRows(sessionId: string, rowids: readonly number[]): number {
    let freed = 0;
    for (const size of this._sql.deleteRowids!.all(JSON.stringify(rowids)) as number[]) freed += size;
    this._account(sessionId, freed);
    return freed;
  }

  /** One step of a session's rows older than the cutoff (rows are in time order: they are its first). */
  private _pruneRawBefore(id: string, cutoff: number): number {
    const rows = this._sql.firstRows!.all(id, ROWS_PER_STEP) as Array<{ rowid: number; ts: number; size: number }>;
    if (rows.length === 0) this._sql.zeroRaw!.run(id);
    const old = rows.filter((row) => row.ts < cutoff);
    return old.length === 0
      ? 0
      : this._deleteRows(
          id,
          old.map((r) => r.rowid),
        );
  }

  private _pruneRecords(policy: RetentionPolicy, now: number): number {
    let deleted = 0;
    if (policy.recordsMaxAgeMs > 0) {
      deleted += this._sql.oldCommands!.run(now - policy.recordsMaxAgeMs, 10_000).changes;
      // A session row is tiny, but one past the records' age with nothing left in it is history too.
      this._sql.emptySessions!.run(now - policy.recordsMaxAgeMs);
    }
    if (policy.recordsMax > 0) {
      const cutoff = this._sql.nthNewest!.get(policy.recordsMax) as number | undefined;
      if (cutoff !== undefined) deleted += this._sql.oldCommands!.run(cutoff + 1, 10_000).changes;
    }
    return deleted;
  }

  private _account(sessionId: string, freed: number): void {
    this._raw.add(sessionId, -freed);
    this._raw.flush();
  }
}
