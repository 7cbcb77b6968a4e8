// SPDX-License-Identifier: MIT
import type { WritableDb } from './database';
import { CommandOutput } from '../output/command-output';

interface OpenCommand {
  readonly id: string;
  readonly sessionId: string;
  readonly startedAt: number;
  readonly outputStart: number;
  /** The next command of the same session, when one was recorded after this one. */
  readonly nextStartedAt: number | null;
  readonly nextOutputStart: number | null;
  /** The session's last recorded row (a row's ts is its first chunk's, at most one commit interval early). */
  readonly lastChunkAt: number | null;
  /** The end of the session's recorded output stream. */
  readonly outputBytes: number | null;
}

const OPEN_COMMANDS = `
  SELECT c.id, c.session_id AS sessionId, c.started_at AS startedAt, c.output_start AS outputStart,
    (SELECT n.started_at FROM commands n WHERE n.session_id = c.session_id AND n.seq > c.seq ORDER BY n.seq LIMIT 1) AS nextStartedAt,
    (SELECT n.output_start FROM commands n WHERE n.session_id = c.session_id AND n.seq > c.seq ORDER BY n.seq LIMIT 1) AS nextOutputStart,
    (SELECT k.ts FROM chunks k WHERE k.session_id = c.session_id ORDER BY k.seq DESC LIMIT 1) AS lastChunkAt,
    (SELECT k.output_offset + length(k.data) FROM chunks k
       WHERE k.session_id = c.session_id AND k.direction = 1 ORDER BY k.output_offset DESC LIMIT 1) AS outputBytes
  FROM commands c INDEXED BY commands_open WHERE c.ended_at IS NULL`;

const END_COMMAND = `UPDATE commands SET ended_at = ?, output_end = ?, output_summary = ?, clean_output = ?,
  output_indexed = 0, interrupted = 1 WHERE id = ? AND ended_at IS NULL`;

/**
 * Commands still running in the file were cut off with their app (kill -9, a crash): nothing will
 * ever end them, and without an end they would show as running forever. Each is ended at the last
 * byte its session recorded (or where a later command of its session began), never before it
 * started, with its exit status left unknown and the `interrupted` flag set. Its clean output and
 * summary are computed from what was recorded, as for any finished command, so it is searchable.
 *
 * Called at open, before any session is live, so every open command belongs to a dead session.
 * `INDEXED BY` makes a lost partial index an error rather than a silent scan of the whole history.
 */
export const endOrphanedCommands = (db: WritableDb): number => {
  const open = db.prepare(OPEN_COMMANDS).all() as OpenCommand[];
  if (open.length === 0) return 0;
  const output = new CommandOutput(db);
  const end = db.prepare(END_COMMAND);
  let ended = 0;
  for (const command of open) {
    const lastByteAt = command.nextStartedAt ?? command.lastChunkAt ?? command.startedAt;
    const endedAt = Math.max(command.startedAt, lastByteAt);
    const outputEnd = Math.max(command.outputStart, command.nextOutputStart ?? command.outputBytes ?? command.outputStart);
    const text = output.compute(command.sessionId, command.outputStart, outputEnd);
    ended += end.run(endedAt, outputEnd, text.outputSummary, text.cleanOutput, command.id).changes;
  }
  return ended;
};
