// SPDX-License-Identifier: MIT
import { existsSync, statSync } from 'node:fs';
import type { HistoryUsage } from '../../../shared/ipc/history';
import type { Db as WritableDb } from './ports';

const fileBytes = (path: string): number => (existsSync(path) ? statSync(path).size : 0);

/**
 * Free pages kept inside the file for the next inserts before any go back to the file system:
 * returning and re-growing pages on every pruning burst would only cost writes.
 */
const FREE_SLACK_BYTES = 32 * 1024 * 1024;
/** With a cap, the slack is at most this share of it: a 100 MB cap keeps 10 MB spare, not 32… */
const FREE_SLACK_SHARE = 0.1;
/**
 * …but never less than two of the writer's largest commits (4 MB each, writer-config.ts): at the cap every commit is
 * followed by a prune of about its size, and returning those pages only for the next commit to
 * grow the file again cost ingest 40 % (bench: ingest_at_cap_vs_uncapped 0.61 with 0.8 MB slack).
 */
const MIN_SLACK_BYTES = 8 * 1024 * 1024;

/**
 * The database's footprint on disk and giving space back. A file created by this version uses
 * incremental auto-vacuum, so freed pages are returned in steps (`releaseExcess`, after pruning);
 * an older file is converted by one VACUUM when the user asks to free space.
 */
export class Space {
  constructor(
    private readonly _db: WritableDb,
    private readonly _path: string,
  ) {}

  get pageSize(): number {
    return this._db.pragma('page_size', { simple: true }) as number;
  }

  freeBytes(): number {
    return (this._db.pragma('freelist_count', { simple: true }) as number) * this.pageSize;
  }

  /** The file with its write-ahead log, as the file system counts them. */
  diskBytes(): number {
    return fileBytes(this._path) + fileBytes(`${this._path}-wal`);
  }

  get incremental(): boolean {
    return this._db.pragma('auto_vacuum', { simple: true }) === 2;
  }

  usage(rawBytes: number): HistoryUsage {
    const one = <T>(sql: string): T => this._db.prepare(sql).pluck().get() as T;
    const oldestSession = one<string | undefined>('SELECT id FROM sessions WHERE raw_bytes > 0 ORDER BY started_at LIMIT 1');
    const oldestRawAt =
      oldestSession === undefined
        ? null
        : ((this._db.prepare('SELECT ts FROM chunks WHERE session_id = ? ORDER BY seq LIMIT 1').pluck().get(oldestSession) as
            number | undefined) ?? null);
    return {
      dbBytes: this.diskBytes(),
      freeBytes: this.freeBytes(),
      rawBytes,
      droppedBytes: one<number>('SELECT coalesce(sum(output_dropped), 0) FROM commands WHERE output_dropped > 0'),
      commands: one<number>('SELECT count(*) FROM commands'),
      sessions: one<number>('SELECT count(*) FROM sessions'),
      oldestRawAt,
      oldestCommandAt: one<number | null>('SELECT min(started_at) FROM commands'),
    };
  }

  /** After pruning: returns free pages beyond the slack to the file system (incremental files only). */
  releaseExcess(capBytes: number): void {
    if (!this.incremental) return;
    const slackBytes = capBytes > 0 ? Math.max(MIN_SLACK_BYTES, Math.min(FREE_SLACK_BYTES, capBytes * FREE_SLACK_SHARE)) : FREE_SLACK_BYTES;
    const excess = Math.floor((this.freeBytes() - slackBytes) / this.pageSize);
    if (excess > 0) this._db.pragma(`incremental_vacuum(${excess})`);
  }

  /** Every free page back to the file system; an old non-incremental file is converted first (one VACUUM). */
  releaseAll(): void {
    if (this.incremental) {
      this._db.pragma('incremental_vacuum');
    } else {
      this._db.pragma('auto_vacuum = INCREMENTAL');
      this._db.exec('VACUUM');
    }
    this.checkpoint();
  }

  /**
   * Copies the WAL into the file and truncates it, so neither freed space nor forgotten bytes stay
   * in the log. A reader mid-query can block the truncation: a few retries, then give up quietly
   * (the next checkpoint does it).
   */
  checkpoint(): boolean {
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = this._db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
      if (row?.busy === 0) return true;
    }
    return false;
  }
}
