// SPDX-License-Identifier: MIT
import { afterEach, describe, expect, it } from 'vitest';
import { formatNoteSize, outputText, readOutputPieces, type OutputPiece, type OutputRangeReader } from './command-output';
import { openStore, type Store } from '../store';
import { commandInput, makeTempDir, sessionInput, type TempDir } from '../testing/fixtures';

/** A reader over a byte stream where some ranges are not stored, counting its calls. */
const fakeReader = (stream: Buffer, missing: ReadonlyArray<readonly [number, number]>) => {
  const kept = (at: number) => !missing.some(([from, to]) => at >= from && at < to);
  const reader = {
    calls: 0,
    read: (async (start, end) => {
      reader.calls++;
      const bytes: number[] = [];
      for (let at = start; at < Math.min(end, stream.length); at++) if (kept(at)) bytes.push(stream[at]!);
      return Buffer.from(bytes);
    }) as OutputRangeReader,
  };
  return reader;
};

const describePieces = (pieces: readonly OutputPiece[]) =>
  pieces.map((piece) => (piece.kind === 'data' ? `data:${piece.data.toString()}` : `${piece.kind}:${piece.bytes}`));

describe('readOutputPieces', () => {
  const stream = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');

  it('reads a whole range in one read per segment', async () => {
    const reader = fakeReader(stream, []);
    const pieces = await readOutputPieces(reader.read, 2, 30, { segmentBytes: 8 });
    expect(describePieces(pieces)).toEqual(['data:23456789abcdefghijklmnopqrst']);
    expect(reader.calls).toBe(4);
  });

  it('pins a hole down to the byte, wherever it falls', async () => {
    for (const [from, to] of [
      [5, 9],
      [0, 3],
      [20, 36],
      [11, 12],
    ] as const) {
      const reader = fakeReader(stream, [[from, to]]);
      const pieces = await readOutputPieces(reader.read, 0, stream.length, { segmentBytes: 16 });
      const expected = [
        from > 0 ? `data:${stream.subarray(0, from).toString()}` : undefined,
        `gap:${to - from}`,
        to < stream.length ? `data:${stream.subarray(to).toString()}` : undefined,
      ].filter(Boolean);
      expect(describePieces(pieces), `hole [${from}, ${to})`).toEqual(expected);
    }
  });

  it('finds several holes and merges neighbours', async () => {
    const reader = fakeReader(stream, [
      [4, 6],
      [6, 8],
      [30, 32],
    ]);
    const pieces = await readOutputPieces(reader.read, 0, stream.length, { segmentBytes: 5 });
    expect(describePieces(pieces)).toEqual(['data:0123', 'gap:4', 'data:89abcdefghijklmnopqrst', 'gap:2', 'data:wxyz']);
  });

  it('reads the head and tail of a range over the limit and says how much it left out', async () => {
    const reader = fakeReader(stream, []);
    const pieces = await readOutputPieces(reader.read, 0, stream.length, { maxBytes: 10 });
    expect(describePieces(pieces)).toEqual(['data:01234', 'omitted:26', 'data:vwxyz']);
  });

  it('stops pinning holes down after maxReads, still counting the missing bytes', async () => {
    const reader = fakeReader(stream, [
      [1, 2],
      [5, 6],
      [9, 10],
      [13, 14],
    ]);
    const pieces = await readOutputPieces(reader.read, 0, 16, { segmentBytes: 16, maxReads: 1 });
    expect(describePieces(pieces)).toEqual(['data:0234678abcef', 'gap:4']);
    expect(reader.calls).toBe(1);
  });
});

describe('outputText', () => {
  const data = (text: string): OutputPiece => ({ kind: 'data', data: Buffer.from(text) });

  it('keeps escapes in ansi and notes a hole on a dim line of its own', () => {
    const text = outputText([data('\x1b[31mred\r\nhalf'), { kind: 'gap', bytes: 2048 }, data('tail\r\n')], 'ansi');
    expect(text).toBe('\x1b[31mred\r\nhalf\x1b[0m\r\n\x1b[2m… 2.0 KB not kept …\x1b[0m\r\ntail\r\n');
  });

  it('cleans plain text: no escapes, \\r redraws applied, \\n line ends', () => {
    const text = outputText(
      [data('\x1b[1mbold\x1b[0m\r\n10%\r50%\r100%\r\n'), { kind: 'gap', bytes: 3 }, data('\x1b]0;title\x07end')],
      'plain',
    );
    expect(text).toBe('bold\n100%\n… 3 bytes not kept …\nend');
  });

  it('says what was left out of a range over the limit', () => {
    expect(outputText([data('a\n'), { kind: 'omitted', bytes: 5 * 1024 * 1024 }, data('z\n')], 'plain', 64 * 1024 * 1024)).toBe(
      'a\n… 5.0 MB not shown: only the first and last 32 MB are read …\nz\n',
    );
  });

  it('formats sizes', () => {
    expect([1, 1000, 1024, 1536, 20 * 1024 * 1024, 3 * 1024 ** 3].map(formatNoteSize)).toEqual([
      '1 byte',
      '1000 bytes',
      '1.0 KB',
      '1.5 KB',
      '20 MB',
      '3.0 GB',
    ]);
  });
});

describe('readOutputPieces over a real store', () => {
  let dir: TempDir | undefined;
  let store: Store | undefined;

  afterEach(async () => {
    await store?.close();
    store = undefined;
    dir?.remove();
  });

  it('sees rows deleted from the middle of a command (as the per-command cap does) as a hole of their size', async () => {
    dir = makeTempDir();
    store = (await openStore({ dataDir: dir.path, onError: (error) => expect.fail(error.message) })).store;
    store.startSession(sessionInput('s'));
    // Rows hold up to 64 KB: chunks of exactly that size stay one row each.
    const ROW = 64 * 1024;
    const chunks = Array.from({ length: 6 }, (_, i) => Buffer.alloc(ROW, `${i}`.repeat(15) + '\r\n'));
    chunks.forEach((chunk, i) => store!.appendChunk('s', 1, 1000 + i, chunk));
    const all = Buffer.concat(chunks);
    store.upsertCommand(commandInput('s', 1, { outputStart: 0, outputEnd: all.length, endedAt: 5000, exitCode: 0 }));
    await store.flush();
    const read = (from: number, to: number) => store!.readOutput('s', from, to);
    const whole = await readOutputPieces(read, 0, all.length, { segmentBytes: 100_000 });
    expect(whole.map((piece) => piece.kind)).toEqual(['data']);
    expect((whole[0] as { data: Buffer }).data.equals(all)).toBe(true);

    // A range covering rows 2 and 3 exactly deletes them (a straddled row would be blanked instead).
    store.dropRange('s', 2 * ROW, 4 * ROW);
    await store.flush();
    const pieces = await readOutputPieces(read, 0, all.length, { segmentBytes: 100_000 });
    expect(pieces.map((piece) => (piece.kind === 'data' ? piece.data.length : `${piece.kind}:${piece.bytes}`))).toEqual([
      2 * ROW,
      `gap:${2 * ROW}`,
      2 * ROW,
    ]);
    expect((pieces[0] as { data: Buffer }).data.equals(all.subarray(0, 2 * ROW))).toBe(true);
    expect((pieces[2] as { data: Buffer }).data.equals(all.subarray(4 * ROW))).toBe(true);
  });
});
