// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import type { RecordingStatus } from '../../../shared/ipc/history';

/** A writer that itself failed ('writer') is reported by main (client/writer-client.ts), never from inside it. */
type Reason = Exclude<NonNullable<RecordingStatus['reason']>, 'writer'>;

/**
 * Failures that are about where the database lives, not about one write: every write fails
 * alike until the cause goes away (space freed, the lock released, the disk remounted).
 */
export const storageFailure = (error: unknown): Reason | undefined => {
  if (!(error instanceof Database.SqliteError)) return undefined;
  const code = error.code;
  if (code === 'SQLITE_FULL' || /ENOSPC|disk is full/i.test(error.message)) return 'disk-full';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'locked';
  if (code.startsWith('SQLITE_READONLY')) return 'read-only';
  if (code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN') return 'io';
  return undefined;
};

const MESSAGES: Record<Reason, string> = {
  'disk-full': 'Recording stopped: the disk is full. Your terminals keep working; nothing new is saved until space is freed.',
  locked: 'Recording stopped: the history database is locked by another program. Your terminals keep working.',
  'read-only': 'Recording stopped: the history database cannot be written (read-only). Your terminals keep working.',
  io: 'Recording stopped: the disk reported an error writing the history database. Your terminals keep working.',
  other: 'Recording stopped: the history database cannot be written. Your terminals keep working.',
};

/**
 * Whether writes land. Tells the main thread on each change (not on every failed write: a full
 * disk used to print one stderr line per chunk), with the bytes lost meanwhile.
 */
export class WriteHealth {
  private _status: RecordingStatus;

  constructor(
    private readonly _report: (status: RecordingStatus) => void,
    private readonly _now: () => number = Date.now,
  ) {
    this._status = { state: 'ok', reason: null, message: 'Recording.', since: _now(), lostBytes: 0 };
  }

  get failing(): boolean {
    return this._status.state === 'failing';
  }

  get status(): RecordingStatus {
    return this._status;
  }

  failed(reason: Reason, lostBytes: number): void {
    if (this.failing) {
      this._status = { ...this._status, lostBytes: this._status.lostBytes + lostBytes };
      return;
    }
    this._status = { state: 'failing', reason, message: MESSAGES[reason], since: this._now(), lostBytes };
    this._report(this._status);
  }

  succeeded(): void {
    if (!this.failing) return;
    const lost = this._status.lostBytes;
    this._status = { state: 'ok', reason: null, message: 'Recording resumed.', since: this._now(), lostBytes: lost };
    this._report(this._status);
  }
}
