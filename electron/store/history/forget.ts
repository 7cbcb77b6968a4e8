// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import type { ForgetRequest, ForgetResult } from '../../../shared/ipc/history';
import type { Db as WritableDb } from './ports';
import { dropKeptScreens, type ScreensForgotten } from './kept-screens';
import { RawRanges } from './raw-ranges';
import { redactQuotes, type ForgottenText } from './redact-quotes';
import { scrubAttachments } from './scrub-attachments';

interface CommandSpan {
  readonly id: string;
  readonly session_id: string;
  readonly output_start: number;
  readonly output_end: number | null;
  /** Where the previous command of the session ended: this one's prompt and echoed command line start there. */
  readonly prev_end: number;
}

export interface Forgotten extends ForgetResult {
  readonly commandIds: readonly string[];
  readonly sessionIds: readonly string[];
  /** Whose screens kept for the next start were dropped: main stops keeping those (screen-keeper.ts). */
  readonly screens: ScreensForgotten;
}

/**
 * Forgetting, on the writer's connection: raw bytes, command records, their search entries and
 * the copies conversations keep (attachment command lines, and quotes of the command line or output
 * in messages and summaries, see redact-quotes.ts), and the screens kept for the next start that
 * showed them (kept-screens.ts). `PRAGMA secure_delete` (on for the writer's
 * whole life, database.ts) zeroes what is deleted (cells and freed pages) and the index was
 * switched to FTS5 secure-delete (migration 6), so after the closing checkpoint truncates the WAL
 * the file holds no copy: tests scan its bytes.
 */
export class Forgetter {
  private readonly _ranges: RawRanges;
  private readonly _sql: { readonly [name: string]: Database.Statement };
  /** What the commands being forgotten recorded, read before their rows go (for redactQuotes). */
  private _texts: ForgottenText[] = [];
  private _now = 0;

  constructor(private readonly _db: WritableDb) {
    this._ranges = new RawRanges(_db);
    const span = `SELECT c.id, c.session_id, c.output_start, c.output_end,
        coalesce((SELECT max(p.output_end) FROM commands p WHERE p.session_id = c.session_id AND p.seq < c.seq), 0) AS prev_end
      FROM commands c`;
    this._sql = {
      byId: _db.prepare(`${span} WHERE c.id = ?`),
      bySession: _db.prepare(`${span} WHERE c.session_id = ?`),
      inRange: _db.prepare(`${span} WHERE c.started_at >= ? AND c.started_at < ?`),
      deleteCommand: _db.prepare('DELETE FROM commands WHERE id = ?'),
      // A record the sync bucket has (pushed from here, or pulled) leaves a tombstone for the next sync.
      tombstone: _db.prepare(
        `INSERT OR IGNORE INTO sync_tombstones (command_id, forgotten_at, ours)
           SELECT @id, @now, 1 WHERE EXISTS (SELECT 1 FROM sync_pushed WHERE command_id = @id)
             OR EXISTS (SELECT 1 FROM command_devices WHERE command_id = @id)`,
      ),
      text: _db.prepare('SELECT command_line AS commandLine, clean_output AS output FROM commands WHERE id = ?'),
      session: _db.prepare('SELECT id, ended_at FROM sessions WHERE id = ?'),
      deleteChunks: _db.prepare('DELETE FROM chunks WHERE session_id = ? RETURNING length(data)').pluck(),
      deleteSession: _db.prepare('DELETE FROM sessions WHERE id = ?'),
      zeroRaw: _db.prepare('UPDATE sessions SET raw_bytes = 0 WHERE id = ?'),
      overlapping: _db.prepare('SELECT id, ended_at FROM sessions WHERE started_at < ? AND (ended_at IS NULL OR ended_at >= ?)'),
      deleteChunksInTime: _db.prepare('DELETE FROM chunks WHERE session_id = ? AND ts >= ? AND ts < ? RETURNING length(data)').pluck(),
      orphanSessions: _db
        .prepare(
          `DELETE FROM sessions WHERE started_at >= ? AND started_at < ? AND ended_at IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM chunks WHERE chunks.session_id = sessions.id)
           AND NOT EXISTS (SELECT 1 FROM commands WHERE commands.session_id = sessions.id) RETURNING id`,
        )
        .pluck(),
    };
  }

  forget(request: ForgetRequest, now: number): Forgotten {
    this._texts = [];
    this._now = now;
    try {
      return this._db.transaction(() => this._forget(request, now)).immediate();
    } finally {
      this._texts = [];
    }
  }

  private _deleteCommand(id: string): void {
    const text = this._sql.text!.get(id) as ForgottenText | undefined;
    if (text) this._texts.push(text);
    this._sql.tombstone!.run({ id, now: this._now });
    this._sql.deleteCommand!.run(id);
  }

  private _forget(request: ForgetRequest, now: number): Forgotten {
    if ('commandIds' in request) {
      const spans = request.commandIds.flatMap((id) => this._sql.byId!.all(id) as CommandSpan[]);
      const touched = { all: false, sessionIds: [...new Set(spans.map((s) => s.session_id))] };
      return this._finish(this._forgetCommands(spans), [], touched);
    }
    if ('sessionId' in request) {
      const spans = this._sql.bySession!.all(request.sessionId) as CommandSpan[];
      const ids = spans.map((s) => s.id);
      for (const id of ids) this._deleteCommand(id);
      const session = this._sql.session!.get(request.sessionId) as { id: string; ended_at: number | null } | undefined;
      const touched = { all: false, sessionIds: [request.sessionId] };
      if (!session) return this._finish({ ids, rawBytes: 0 }, [], touched);
      const rawBytes = sum(this._sql.deleteChunks!.all(session.id) as number[]);
      // A live session keeps its row: the pty is still writing to it.
      if (session.ended_at === null) this._sql.zeroRaw!.run(session.id);
      else this._sql.deleteSession!.run(session.id);
      return this._finish({ ids, rawBytes }, [session.id], touched);
    }
    const since = request.sinceMs;
    const until = request.untilMs ?? now + 1;
    const commands = this._forgetCommands(this._sql.inRange!.all(since, until) as CommandSpan[]);
    let rawBytes = commands.rawBytes;
    const overlapping = this._sql.overlapping!.all(until, since) as Array<{ id: string }>;
    for (const session of overlapping) {
      const freed = sum(this._sql.deleteChunksInTime!.all(session.id, since, until) as number[]);
      if (freed > 0) this._ranges.account(session.id, -freed);
      rawBytes += freed;
    }
    const sessions = this._sql.orphanSessions!.all(since, until) as string[];
    // Every kept screen goes: one kept by an earlier run may show the range too (a restart within the hour).
    const touched = { all: true, sessionIds: [...new Set([...overlapping.map((s) => s.id), ...sessions])] };
    return this._finish({ ids: commands.ids, rawBytes }, sessions, touched);
  }

  private _forgetCommands(spans: readonly CommandSpan[]): { ids: string[]; rawBytes: number } {
    let rawBytes = 0;
    for (const span of spans) {
      const end = span.output_end ?? Number.MAX_SAFE_INTEGER;
      // Output from the end of the previous command: this one's prompt, its echoed command line, its output.
      rawBytes += this._ranges.cut(span.session_id, 1, span.prev_end, end);
      // Its keystrokes (typed while that stretch was on screen), the command line among them.
      rawBytes += this._ranges.cut(span.session_id, 0, span.prev_end, end === Number.MAX_SAFE_INTEGER ? end : end + 1);
      this._deleteCommand(span.id);
    }
    return { ids: spans.map((s) => s.id), rawBytes };
  }

  private _finish(done: { ids: readonly string[]; rawBytes: number }, sessionIds: readonly string[], screens: ScreensForgotten): Forgotten {
    const attachments = scrubAttachments(this._db, done.ids);
    redactQuotes(this._db, this._texts);
    dropKeptScreens(this._db, screens);
    return {
      commands: done.ids.length,
      sessions: sessionIds.length,
      rawBytes: done.rawBytes,
      attachments,
      commandIds: done.ids,
      sessionIds,
      screens,
    };
  }
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
