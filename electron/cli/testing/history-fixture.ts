// SPDX-License-Identifier: MIT
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openWriter } from '../../store/database/open-database';
import { migrations } from '../../store/migrations';
import type { WritableDb } from '../../store/database/database';

export interface RecordedCommand {
  readonly line: string;
  /** Raw output as the pty wrote it, in the chunks it came in. */
  readonly chunks: readonly string[];
  readonly exitCode?: number;
  /** The directory it ran in (default /home/dev). */
  readonly cwd?: string;
  /** The clean output the store kept, when it is not the chunks' text (the store caps it at 32K). */
  readonly cleanOutput?: string;
}

/**
 * A data directory with a real, migrated database holding one session's commands, their raw
 * chunks and clean output (indexed), written as the app's writer would leave them.
 */
export class HistoryFixture {
  readonly dir = mkdtempSync(join(tmpdir(), 'ct-cli-'));
  readonly db: WritableDb = openWriter({ path: join(this.dir, 'contexterm.db'), migrations, integrityCheck: 'never' }).db;
  private _offset = 0;
  private _seq = 0;

  constructor(
    readonly sessionId = 'sess1',
    readonly startedAt = Date.UTC(2026, 0, 1),
    sessionCwd = '/home/dev',
  ) {
    this.db
      .prepare(
        `INSERT INTO sessions (id, started_at, shell, hostname, cwd, title, mode) VALUES (?, ?, 'bash', 'devbox', ?, 'bash', 'integrated')`,
      )
      .run(sessionId, startedAt, sessionCwd);
  }

  /** Adds a finished command, one second after the previous one; returns its id. */
  add(command: RecordedCommand): string {
    const seq = ++this._seq;
    const id = `${this.sessionId}:${seq}`;
    const start = this._offset;
    const at = this.startedAt + seq * 1000;
    command.chunks.forEach((chunk, index) => {
      const data = Buffer.from(chunk);
      this.db
        .prepare('INSERT INTO chunks (session_id, seq, ts, direction, output_offset, data) VALUES (?, ?, ?, 1, ?, ?)')
        .run(this.sessionId, seq * 100 + index, at + index * 10, this._offset, data);
      this._offset += data.length;
    });
    const clean =
      command.cleanOutput ??
      command.chunks
        .join('')
        .replace(/\x1b\[[0-9;]*m/g, '')
        .replace(/\r\n/g, '\n');
    this.db
      .prepare(
        `INSERT INTO commands (id, session_id, seq, command_line, cwd, hostname, shell, started_at, ended_at, exit_code,
           output_start, output_end, output_summary, clean_output, output_indexed, source)
         VALUES (?, ?, ?, ?, ?, 'devbox', 'bash', ?, ?, ?, ?, ?, ?, ?, 1, 'integrated')`,
      )
      .run(
        id,
        this.sessionId,
        seq,
        command.line,
        command.cwd ?? '/home/dev',
        at,
        at + 500,
        command.exitCode ?? 0,
        start,
        this._offset,
        clean.slice(0, 200),
        clean,
      );
    return id;
  }

  /** Output between commands (a prompt), in no command's range. */
  addBetween(text: string): void {
    const data = Buffer.from(text);
    const seq = this._seq * 100 + 99;
    this.db
      .prepare('INSERT INTO chunks (session_id, seq, ts, direction, output_offset, data) VALUES (?, ?, ?, 1, ?, ?)')
      .run(this.sessionId, seq, this.startedAt + this._seq * 1000 + 900, this._offset, data);
    this._offset += data.length;
  }

  /** Stops writing, as an app that quit would; the data directory stays until `remove`. */
  close(): void {
    this.db.close();
  }

  remove(): void {
    if (this.db.open) this.db.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
