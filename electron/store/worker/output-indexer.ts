// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import type { WritableDb } from '../database/database';

/** Outputs indexed per slice: at most 4 × 32 KiB of text, a few milliseconds of tokenizing. */
const SLICE_COMMANDS = 4;

/** Exported for the EXPLAIN QUERY PLAN tests. */
export const INDEXER_SQL = {
  backlog: 'SELECT EXISTS (SELECT 1 FROM commands WHERE output_indexed = 0 AND clean_output IS NOT NULL)',
  slice: `UPDATE commands SET output_indexed = 1 WHERE rid IN (
    SELECT rid FROM commands WHERE output_indexed = 0 AND clean_output IS NOT NULL ORDER BY rid LIMIT ${SLICE_COMMANDS})`,
} as const;

/**
 * Puts clean output into the search index in small slices when the writer has nothing to record
 * (see migration 0002 for why output is not indexed in the recording transaction). Recording
 * always wins: a slice is skipped while writes wait, so during a flood indexing runs between
 * commits and catches up when the flood ends. The backlog lives in the database (a partial index),
 * so a crash or a quit only delays it to the next start.
 */
export class OutputIndexer {
  private readonly _backlog: Database.Statement;
  private readonly _slice: Database.Statement;
  private _pending: boolean;
  private _scheduled: NodeJS.Immediate | undefined;

  constructor(
    db: WritableDb,
    private readonly _recordingWaits: () => boolean,
    private readonly _onError: (error: Error) => void,
    private readonly _onSlice: () => void = () => {},
  ) {
    this._backlog = db.prepare(INDEXER_SQL.backlog).pluck();
    this._slice = db.prepare(INDEXER_SQL.slice);
    this._pending = this._backlog.get() === 1;
  }

  /** New clean output was committed. */
  noteOutput(): void {
    this._pending = true;
  }

  /** No output waits to be indexed. */
  get idle(): boolean {
    return !this._pending && !this._scheduled;
  }

  /** Runs the next slice once the event loop has delivered any waiting writes. */
  schedule(): void {
    if (!this._pending || this._scheduled) return;
    this._scheduled = setImmediate(() => {
      this._scheduled = undefined;
      if (this._recordingWaits()) return;
      try {
        if (this.slice()) this.schedule();
      } catch (error) {
        // Search lags but recording goes on; the backlog is retried when more output arrives.
        this._pending = false;
        this._onError(error as Error);
      }
    });
  }

  /** Indexes one slice in its own transaction; returns whether more remain. */
  slice(): boolean {
    if (!this._pending) return false;
    this._pending = this._slice.run().changes === SLICE_COMMANDS && this._backlog.get() === 1;
    this._onSlice();
    return this._pending;
  }

  /** Indexes the whole backlog now (an explicit request: flush({ searchable: true })). */
  drain(): void {
    while (this.slice());
  }

  dispose(): void {
    if (this._scheduled) clearImmediate(this._scheduled);
    this._scheduled = undefined;
  }
}
