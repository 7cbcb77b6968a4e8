// SPDX-License-Identifier: MIT
import type { WriteOp } from './protocol';

type ChunkOp = Extract<WriteOp, { kind: 'chunk' }>;

/** A row of `chunks`: one or more appended chunks of one session and direction, back to back. */
interface ChunkRow {
  readonly kind: 'row';
  readonly sessionId: string;
  readonly seq: number;
  /** When its first byte was appended. */
  readonly ts: number;
  readonly direction: 0 | 1;
  readonly outputOffset: number;
  readonly data: Buffer;
}

/**
 * Rows grow to this size at most. A 4 KB row costs about as much to insert as a 64 KB one
 * (per-row b-tree and index work dominates: 132 vs 223 MB/s, performance.md §4), and a range read
 * touches 16× fewer rows; beyond ~64 KB a small range read would drag a large blob along.
 */
const MAX_ROW_BYTES = 64 * 1024;

/** What a writer transaction applies: every op but chunks as posted, chunks as rows. */
export type ApplyItem = Exclude<WriteOp, { kind: 'chunk' }> | ChunkRow;

interface OpenRow {
  first: ChunkOp;
  parts: Buffer[];
  size: number;
  /** Where the row goes in the batch's apply order: the position of its first chunk. */
  slot: number;
}

/**
 * Turns a commit batch's ops into what gets applied: non-chunk ops unchanged and in order, and
 * each session's consecutive same-direction chunks merged into rows (a session's chunks only
 * ever merge with its own neighbours, so streams of parallel sessions interleave freely).
 * Chunk order and bytes are preserved exactly; only row boundaries and per-row timestamps (the
 * first chunk's, at most one commit interval apart) are coarser than the calls that made them.
 * `nextSeq` numbers the rows of a session.
 */
export const coalesceChunks = (
  batch: readonly { readonly ops: readonly WriteOp[]; readonly arena: ArrayBuffer | null }[],
  nextSeq: (sessionId: string) => number,
): ApplyItem[] => {
  const out: (ApplyItem | undefined)[] = [];
  const open = new Map<string, OpenRow>();
  const close = (row: OpenRow) => {
    const { first } = row;
    const data = row.parts.length === 1 ? row.parts[0]! : Buffer.concat(row.parts, row.size);
    out[row.slot] = {
      kind: 'row',
      sessionId: first.sessionId,
      seq: nextSeq(first.sessionId),
      ts: first.ts,
      direction: first.direction,
      outputOffset: first.outputOffset,
      data,
    };
    open.delete(first.sessionId);
  };
  for (const { ops, arena } of batch) {
    for (const op of ops) {
      if (op.kind !== 'chunk') {
        out.push(op);
        continue;
      }
      if (!arena) throw new Error('chunk without an arena');
      const part = Buffer.from(arena, op.at, op.length);
      const row = open.get(op.sessionId);
      if (row && row.first.direction === op.direction && row.size + op.length <= MAX_ROW_BYTES) {
        row.parts.push(part);
        row.size += op.length;
        continue;
      }
      if (row) close(row);
      open.set(op.sessionId, { first: op, parts: [part], size: op.length, slot: out.length });
      out.push(undefined);
    }
  }
  for (const row of [...open.values()].sort((a, b) => a.slot - b.slot)) close(row);
  return out as ApplyItem[];
};
