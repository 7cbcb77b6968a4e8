// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import { cleanOutput, summarize } from '../segmenter/clean-text';

/**
 * Clean output kept per command: the head and tail of anything longer. Every kept character is
 * also full-text indexed, and FTS5 indexes at 16–30 MB/s here against ~120 MB/s for raw chunk
 * inserts, so an uncapped `cat` of a large file would make indexing, not recording, the
 * bottleneck, and store the output twice. The exact bytes always remain in `chunks` (readOutput).
 */
export const CLEAN_OUTPUT_MAX_CHARS = 32 * 1024;

/** Head and tail halves with a marker between, in the spirit of the seeds' output summaries. */
export const capCleanOutput = (text: string, max: number = CLEAN_OUTPUT_MAX_CHARS): string => {
  if (text.length <= max) return text;
  const half = Math.floor(max / 2);
  const omitted = text.length - 2 * half;
  return `${text.slice(0, half)}\n... (${omitted} characters omitted) ...\n${text.slice(text.length - half)}`;
};

/**
 * Raw bytes read per end of a huge output before cleaning. Clean text is capped far lower anyway
 * (CLEAN_OUTPUT_MAX_CHARS); this bounds the CPU a `cat` of a 200 MB file costs the writer.
 */
const RAW_EDGE_BYTES = 1024 * 1024;
const SUMMARY_LINES = 10;

export interface FinishedOutput {
  readonly cleanOutput: string;
  readonly outputSummary: string;
}

/**
 * The clean text and head/tail summary of a finished command, computed here in the writer worker
 * (never on the pty thread) from the chunks the same transaction has just written.
 */
export class CommandOutput {
  private readonly _rows: Database.Statement;
  private readonly _hasClean: Database.Statement;

  constructor(db: Database.Database) {
    this._hasClean = db.prepare('SELECT 1 FROM commands WHERE id = ? AND clean_output IS NOT NULL').pluck();
    // Rows overlapping [start, end): ordered by offset through chunks_by_output.
    this._rows = db.prepare(
      `SELECT output_offset AS offset, data FROM chunks
       WHERE session_id = ? AND direction = 1 AND output_offset < ? AND output_offset + length(data) > ?
       ORDER BY output_offset`,
    );
  }

  /** Whether the command already has clean text (an earlier end, or text the caller gave). */
  has(commandId: string): boolean {
    return this._hasClean.get(commandId) !== undefined;
  }

  compute(sessionId: string, start: number, end: number): FinishedOutput {
    const raw = end - start > 2 * RAW_EDGE_BYTES
      ? Buffer.concat([
          this._read(sessionId, start, start + RAW_EDGE_BYTES),
          Buffer.from(`\n... (${end - start - 2 * RAW_EDGE_BYTES} bytes omitted) ...\n`),
          this._read(sessionId, end - RAW_EDGE_BYTES, end),
        ])
      : this._read(sessionId, start, end);
    const clean = cleanOutput(raw);
    return { cleanOutput: capCleanOutput(clean), outputSummary: summarize(clean, SUMMARY_LINES, SUMMARY_LINES) };
  }

  private _read(sessionId: string, start: number, end: number): Buffer {
    if (end <= start) return Buffer.alloc(0);
    const parts: Buffer[] = [];
    for (const row of this._rows.iterate(sessionId, end, start) as Iterable<{ offset: number; data: Buffer }>) {
      const from = Math.max(0, start - row.offset);
      const to = Math.min(row.data.length, end - row.offset);
      if (to > from) parts.push(row.data.subarray(from, to));
    }
    return Buffer.concat(parts);
  }
}
