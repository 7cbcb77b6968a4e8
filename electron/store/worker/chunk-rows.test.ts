// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { coalesceChunks, type ApplyItem } from './chunk-rows';

type ChunkRow = Extract<ApplyItem, { kind: 'row' }>;
import type { WriteOp } from './protocol';
import { pseudoRandomBytes } from '../testing/fixtures';

/** As in chunk-rows.ts. */
const MAX_ROW_BYTES = 64 * 1024;

/** Builds one posted message: chunks copied into an arena exactly as the WriteQueue does. */
const message = (entries: (WriteOp | { chunk: string; direction: 0 | 1; data: Buffer; ts?: number })[]) => {
  const arena = Buffer.alloc(entries.reduce((sum, e) => sum + ('data' in e ? e.data.length : 0), 0));
  let at = 0;
  const ops = entries.map((entry): WriteOp => {
    if (!('chunk' in entry)) return entry;
    entry.data.copy(arena, at);
    const op: WriteOp = {
      kind: 'chunk',
      sessionId: entry.chunk,
      ts: entry.ts ?? at,
      direction: entry.direction,
      outputOffset: 0,
      at,
      length: entry.data.length,
    };
    at += entry.data.length;
    return op;
  });
  return { ops, arena: arena.buffer };
};

const counter = () => {
  const seqs = new Map<string, number>();
  return (id: string) => {
    const seq = seqs.get(id) ?? 0;
    seqs.set(id, seq + 1);
    return seq;
  };
};

const rows = (items: ApplyItem[], sessionId?: string) =>
  items.filter((item): item is ChunkRow => item.kind === 'row' && (sessionId === undefined || item.sessionId === sessionId));

describe('coalesceChunks', () => {
  it("merges each session's consecutive same-direction chunks, even when sessions interleave", () => {
    const [a1, b1, a2, b2, a3] = [1, 2, 3, 4, 5].map((seed) => pseudoRandomBytes(1000, seed));
    const items = coalesceChunks(
      [
        message([
          { chunk: 'a', direction: 1, data: a1!, ts: 10 },
          { chunk: 'b', direction: 1, data: b1!, ts: 11 },
          { chunk: 'a', direction: 1, data: a2!, ts: 12 },
          { chunk: 'b', direction: 1, data: b2!, ts: 13 },
        ]),
        message([{ chunk: 'a', direction: 1, data: a3!, ts: 14 }]),
      ],
      counter(),
    );
    expect(items).toHaveLength(2);
    const [a, b] = rows(items);
    expect(a).toMatchObject({ sessionId: 'a', seq: 0, ts: 10 });
    expect(a!.data.equals(Buffer.concat([a1!, a2!, a3!]))).toBe(true);
    expect(b).toMatchObject({ sessionId: 'b', seq: 0, ts: 11 });
    expect(b!.data.equals(Buffer.concat([b1!, b2!]))).toBe(true);
  });

  it('starts a new row when the direction changes or the row would pass the cap', () => {
    const big = pseudoRandomBytes(MAX_ROW_BYTES - 10, 9);
    const items = coalesceChunks(
      [
        message([
          { chunk: 'a', direction: 1, data: Buffer.from('prompt$ ') },
          { chunk: 'a', direction: 0, data: Buffer.from('l') },
          { chunk: 'a', direction: 0, data: Buffer.from('s\r') },
          { chunk: 'a', direction: 1, data: big },
          { chunk: 'a', direction: 1, data: Buffer.alloc(11, 1) },
        ]),
      ],
      counter(),
    );
    expect(rows(items).map((row) => [row.seq, row.direction, row.data.length])).toEqual([
      [0, 1, 8],
      [1, 0, 3],
      [2, 1, MAX_ROW_BYTES - 10],
      [3, 1, 11],
    ]);
  });

  it('keeps other writes in order, with each row where its first chunk was', () => {
    const start: WriteOp = {
      kind: 'session-start',
      session: { id: 'a', startedAt: 1, shell: 's', hostname: 'h', cwd: '/', title: 't', mode: 'unknown' },
    };
    const end: WriteOp = { kind: 'session-end', id: 'a', endedAt: 9 };
    const items = coalesceChunks(
      [message([start, { chunk: 'a', direction: 1, data: Buffer.from('x') }, end, { chunk: 'b', direction: 1, data: Buffer.from('y') }])],
      counter(),
    );
    expect(items.map((item) => (item.kind === 'row' ? `row:${item.sessionId}` : item.kind))).toEqual([
      'session-start',
      'row:a',
      'session-end',
      'row:b',
    ]);
  });

  it('numbers rows from the sequence it is given', () => {
    const next = counter();
    next('a');
    next('a');
    const items = coalesceChunks([message([{ chunk: 'a', direction: 1, data: Buffer.from('x') }])], next);
    expect(rows(items)[0]!.seq).toBe(2);
  });
});
