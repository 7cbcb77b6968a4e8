// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import { cleanOutput, summarize } from '../../segmenter/clean-text';

/**
 * Clean output kept per command: the head and tail of anything longer. Every kept character is
 * also full-text indexed, and FTS5 indexes at 16–30 MB/s here against ~120 MB/s for raw chunk
 * inserts, so an uncapped `cat` of a large file would make indexing, not recording, the
 * bottleneck, and store the output twice. The exact bytes always remain in `chunks` (readOutput).
 */
export const CLEAN_OUTPUT_MAX_CHARS = 32 * 1024;

/** Head and tail halves with a marker between, as output summaries are made. */
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
export const RAW_EDGE_BYTES = 1024 * 1024;
export const SUMMARY_LINES = 10;

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
    const raw =
      end - start > 2 * RAW_EDGE_BYTES
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

/** A stretch of a command's output range: bytes the store holds, bytes it no longer holds, or bytes left unread. */
export type OutputPiece =
  | { readonly kind: 'data'; readonly data: Buffer }
  | { readonly kind: 'gap'; readonly bytes: number }
  | { readonly kind: 'omitted'; readonly bytes: number };

/** Reads raw output bytes [start, end) of one session's stream, skipping what is not stored (store.readOutput). */
export type OutputRangeReader = (start: number, end: number) => Promise<Buffer>;

export interface ReadPiecesOptions {
  /** Bytes per read; each is one reader-worker round trip. */
  readonly segmentBytes?: number;
  /** Past this many reads gaps are no longer pinned down exactly (they are still counted). */
  readonly maxReads?: number;
  /** At most this many bytes are read: past it, the head and tail halves and an `omitted` piece between. */
  readonly maxBytes?: number;
}

const SEGMENT_BYTES = 8 * 1024 * 1024;
const MAX_GAP_READS = 2000;

/**
 * A command's output range as stored, with the holes in it found: the per-command cap deletes its
 * middle, paused or excluded output was never kept, retention may have trimmed old rows. A read
 * returns only the bytes still there, so a short read means a hole somewhere in its range; the
 * range is then halved until each part is whole or empty. One hole costs about 2·log2(segment)
 * extra reads, each an index seek, and whole segments (the usual case) cost one read.
 */
export const readOutputPieces = async (
  read: OutputRangeReader,
  start: number,
  end: number,
  options: ReadPiecesOptions = {},
): Promise<OutputPiece[]> => {
  const segment = Math.max(1, options.segmentBytes ?? SEGMENT_BYTES);
  const maxReads = options.maxReads ?? MAX_GAP_READS;
  const maxBytes = options.maxBytes ?? Number.MAX_SAFE_INTEGER;
  const pieces: OutputPiece[] = [];
  let reads = 0;
  const push = (piece: OutputPiece) => {
    const last = pieces.at(-1);
    if (piece.kind === 'data' && piece.data.length === 0) return;
    if (piece.kind !== 'data' && piece.bytes <= 0) return;
    if (last?.kind === 'data' && piece.kind === 'data')
      pieces[pieces.length - 1] = { kind: 'data', data: Buffer.concat([last.data, piece.data]) };
    else if (last && last.kind === piece.kind && piece.kind !== 'data')
      pieces[pieces.length - 1] = { kind: piece.kind, bytes: (last as { bytes: number }).bytes + piece.bytes };
    else pieces.push(piece);
  };
  const visit = async (from: number, to: number): Promise<void> => {
    reads++;
    const data = await read(from, to);
    const want = to - from;
    if (data.length >= want) return push({ kind: 'data', data: data.length > want ? data.subarray(0, want) : data });
    if (data.length === 0) return push({ kind: 'gap', bytes: want });
    if (reads >= maxReads || want <= 1) {
      push({ kind: 'data', data });
      return push({ kind: 'gap', bytes: want - data.length });
    }
    const mid = from + Math.floor(want / 2);
    await visit(from, mid);
    await visit(mid, to);
  };
  const walk = async (from: number, to: number) => {
    for (let at = from; at < to; at += segment) await visit(at, Math.min(to, at + segment));
  };
  if (end - start > maxBytes) {
    const half = Math.floor(maxBytes / 2);
    await walk(start, start + half);
    push({ kind: 'omitted', bytes: end - start - 2 * half });
    await walk(end - half, end);
  } else await walk(start, end);
  return pieces;
};

/**
 * `1.5 MB`, `512 bytes`: a size as the notes a viewer shows in place of missing output write it
 * (spelled-out bytes, one decimal below 10 of a unit); the pane's compact sizes are renderer/history/format.ts's.
 */
export const formatNoteSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
};

const pieceNote = (piece: Exclude<OutputPiece, { kind: 'data' }>, maxBytes: number | undefined): string =>
  piece.kind === 'gap'
    ? `… ${formatNoteSize(piece.bytes)} not kept …`
    : maxBytes === undefined
      ? `… ${formatNoteSize(piece.bytes)} not shown …`
      : `… ${formatNoteSize(piece.bytes)} not shown: only the first and last ${formatNoteSize(Math.floor(maxBytes / 2))} are read …`;

/**
 * The text of output pieces. `ansi`: the bytes as UTF-8, escapes kept, each missing stretch a dim
 * line of its own (an SGR reset first, so no colour of the output bleeds into it). `plain`: each
 * piece cleaned (cleanOutput: no escapes, `\r` redraws applied, `\n` line ends), notes as lines.
 */
export const outputText = (pieces: readonly OutputPiece[], format: 'ansi' | 'plain', maxBytes?: number): string => {
  const parts: string[] = [];
  let atLineStart = true;
  for (const piece of pieces) {
    if (piece.kind === 'data') {
      const text = format === 'ansi' ? piece.data.toString('utf8') : cleanOutput(piece.data);
      if (text.length === 0) continue;
      parts.push(text);
      atLineStart = text.endsWith('\n');
      continue;
    }
    const note = pieceNote(piece, maxBytes);
    const newline = format === 'ansi' ? '\r\n' : '\n';
    const lead = atLineStart ? '' : newline;
    parts.push(format === 'ansi' ? `\x1b[0m${lead}\x1b[2m${note}\x1b[0m${newline}` : `${lead}${note}${newline}`);
    atLineStart = true;
  }
  return parts.join('');
};
