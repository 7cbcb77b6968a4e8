// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import { summarize } from '../segmenter/clean-text';
import { SUMMARY_LINES } from '../store/output/command-output';
import type { SyncRecord } from './sync-format';

interface CommandRow {
  id: string;
  session_id: string;
  seq: number;
  command_line: string;
  cwd: string | null;
  hostname: string | null;
  shell: string | null;
  started_at: number;
  ended_at: number | null;
  exit_code: number | null;
  interrupted: number;
  clean_output: string | null;
  remote_host: string | null;
  remote_user: string | null;
}

const toRecord = (row: CommandRow, withOutput: boolean): SyncRecord => ({
  id: row.id,
  sessionId: row.session_id,
  seq: row.seq,
  commandLine: row.command_line,
  cwd: row.cwd,
  hostname: row.hostname,
  shell: row.shell,
  startedAt: row.started_at,
  endedAt: row.ended_at,
  exitCode: row.exit_code,
  interrupted: row.interrupted === 1,
  output: withOutput ? row.clean_output : null,
  remote: row.remote_host === null ? null : { host: row.remote_host, user: row.remote_user },
});

/**
 * Sync's reads and writes of the history database (tables from migration 11). Push reads only what
 * the store kept: private terminals and lines the history rules exclude were never written, and the
 * output is the store's clean text, already within its per-command cap (CLEAN_OUTPUT_MAX_CHARS).
 */
export class SyncTables {
  private readonly _sql: { readonly [name: string]: Database.Statement };

  constructor(private readonly _db: Database.Database) {
    this._sql = {
      unpushed: _db.prepare(
        `SELECT c.id, c.session_id, c.seq, c.command_line, c.cwd, c.hostname, c.shell, c.started_at, c.ended_at,
                c.exit_code, c.interrupted, c.clean_output, r.host AS remote_host, r.user AS remote_user
           FROM commands c LEFT JOIN command_remotes r ON r.command_id = c.id
          WHERE c.ended_at IS NOT NULL AND c.command_line IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM command_devices d WHERE d.command_id = c.id)
            AND NOT EXISTS (SELECT 1 FROM sync_pushed p WHERE p.command_id = c.id)
          ORDER BY c.rid LIMIT ?`,
      ),
      unpushedCount: _db
        .prepare(
          `SELECT count(*) FROM commands c WHERE c.ended_at IS NOT NULL AND c.command_line IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM command_devices d WHERE d.command_id = c.id)
            AND NOT EXISTS (SELECT 1 FROM sync_pushed p WHERE p.command_id = c.id)`,
        )
        .pluck(),
      exists: _db.prepare('SELECT 1 FROM commands WHERE id = ?').pluck(),
      markPushed: _db.prepare('INSERT OR REPLACE INTO sync_pushed (command_id, segment) VALUES (?, ?)'),
      tombstone: _db.prepare('INSERT OR IGNORE INTO sync_tombstones (command_id, forgotten_at, ours) VALUES (?, ?, ?)'),
      ourTombstones: _db.prepare('SELECT command_id FROM sync_tombstones WHERE ours = 1 ORDER BY command_id').pluck(),
      isDead: _db.prepare('SELECT 1 FROM sync_tombstones WHERE command_id = ?').pluck(),
      pushedSegment: _db.prepare('SELECT segment FROM sync_pushed WHERE command_id = ?').pluck(),
      pushedIn: _db.prepare('SELECT command_id FROM sync_pushed WHERE segment = ?').pluck(),
      anyPushedIn: _db.prepare('SELECT 1 FROM sync_pushed WHERE segment = ? LIMIT 1').pluck(),
      holdingDead: _db
        .prepare('SELECT DISTINCT p.segment FROM sync_tombstones t JOIN sync_pushed p ON p.command_id = t.command_id')
        .pluck(),
      unpush: _db.prepare('DELETE FROM sync_pushed WHERE command_id = ?'),
      seen: _db.prepare('SELECT 1 FROM sync_seen WHERE device_id = ? AND segment = ?').pluck(),
      markSeen: _db.prepare('INSERT OR IGNORE INTO sync_seen (device_id, segment) VALUES (?, ?)'),
      session: _db.prepare(
        `INSERT INTO sessions (id, started_at, ended_at, shell, hostname, cwd, title, mode) VALUES (?, ?, ?, ?, ?, ?, ?, 'integrated')
           ON CONFLICT (id) DO UPDATE SET ended_at = max(ended_at, excluded.ended_at)`,
      ),
      command: _db.prepare(
        `INSERT OR IGNORE INTO commands (id, session_id, seq, command_line, cwd, hostname, shell, started_at, ended_at, exit_code,
           output_start, output_end, source, output_indexed, output_summary, clean_output, interrupted)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 'integrated', ?, ?, ?, ?)`,
      ),
      device: _db.prepare('INSERT OR IGNORE INTO command_devices (command_id, device_id, device_name) VALUES (?, ?, ?)'),
      remote: _db.prepare('INSERT OR IGNORE INTO command_remotes (command_id, host, user) VALUES (?, ?, ?)'),
    };
  }

  /** This device's records not in the bucket yet, oldest first. */
  unpushed(limit: number, withOutput: boolean): SyncRecord[] {
    return (this._sql.unpushed!.all(limit) as CommandRow[]).map((row) => toRecord(row, withOutput));
  }

  pendingCount(): number {
    return this._sql.unpushedCount!.get() as number;
  }

  /**
   * After a segment is in the bucket: its records are marked pushed, and those forgotten while it
   * was being written become tombstones at once, so the next sync takes them out again.
   */
  markPushed(ids: readonly string[], segment: string, now: number): void {
    this._db.transaction(() => {
      for (const id of ids) {
        this._sql.markPushed!.run(id, segment);
        if (this._sql.exists!.get(id) === undefined) this._sql.tombstone!.run(id, now, 1);
      }
    })();
  }

  ourTombstones(): string[] {
    return this._sql.ourTombstones!.all() as string[];
  }

  isDead(id: string): boolean {
    return this._sql.isDead!.get(id) !== undefined;
  }

  /** The segment of ours that holds a record, if any. */
  segmentOf(id: string): string | undefined {
    return this._sql.pushedSegment!.get(id) as string | undefined;
  }

  /** Whether any record here is marked as pushed in this segment (one index probe). */
  marksIn(segment: string): boolean {
    return this._sql.anyPushedIn!.get(segment) !== undefined;
  }

  /**
   * This device's segments that still hold a forgotten record: tombstones joined to the pushed marks
   * (a rewrite drops the dead ids' marks), so a sync does not read every record's mark to find them.
   */
  segmentsHoldingDead(): string[] {
    return this._sql.holdingDead!.all() as string[];
  }

  idsIn(segment: string): string[] {
    return this._sql.pushedIn!.all(segment) as string[];
  }

  /** A segment rewritten: the surviving ids now live in `next`, the dead ones nowhere. */
  moveSegment(kept: readonly string[], dead: readonly string[], next: string | undefined): void {
    this._db.transaction(() => {
      for (const id of dead) this._sql.unpush!.run(id);
      if (next !== undefined) for (const id of kept) this._sql.markPushed!.run(id, next);
    })();
  }

  /** A tombstone pulled from another device: kept so no segment brings the record back. */
  rememberDead(id: string, now: number): void {
    this._sql.tombstone!.run(id, now, 0);
  }

  hasSeen(deviceId: string, segment: string): boolean {
    return this._sql.seen!.get(deviceId, segment) !== undefined;
  }

  /**
   * Another device's segment, in one transaction with its mark as seen: a pull killed halfway
   * leaves the segment unseen and inserts nothing twice (ids are unique; INSERT OR IGNORE).
   * Output is stored as indexed text at once, so a search finds it without the writer's indexer.
   */
  insertPulled(deviceId: string, deviceName: string, segment: string, records: readonly SyncRecord[]): number {
    let inserted = 0;
    // One session row per session in the segment (its first record's start, its last end), not one per record.
    const live = records.filter((r) => !this.isDead(r.id));
    const sessions = new Map<string, { record: SyncRecord; ended: number }>();
    for (const r of live) {
      const ended = r.endedAt ?? r.startedAt;
      const known = sessions.get(r.sessionId);
      if (known === undefined) sessions.set(r.sessionId, { record: r, ended });
      else known.ended = Math.max(known.ended, ended);
    }
    this._db.transaction(() => {
      for (const { record: r, ended } of sessions.values()) {
        this._sql.session!.run(r.sessionId, r.startedAt, ended, r.shell ?? '', r.hostname ?? '', r.cwd ?? '', `synced from ${deviceName}`);
      }
      for (const r of live) {
        const summary = r.output === null ? '' : summarize(r.output, SUMMARY_LINES, SUMMARY_LINES);
        const done = this._sql.command!.run(
          r.id,
          r.sessionId,
          r.seq,
          r.commandLine,
          r.cwd,
          r.hostname,
          r.shell,
          r.startedAt,
          r.endedAt,
          r.exitCode,
          r.output === null ? 0 : 1,
          summary,
          r.output,
          r.interrupted ? 1 : 0,
        );
        if (done.changes === 0) continue;
        inserted++;
        this._sql.device!.run(r.id, deviceId, deviceName);
        if (r.remote) this._sql.remote!.run(r.id, r.remote.host, r.remote.user);
      }
      this._sql.markSeen!.run(deviceId, segment);
    })();
    return inserted;
  }
}
