// SPDX-License-Identifier: MIT
import { seededRandom } from '../../shared/testing/seeded-random';
import { cleanOutput } from '../../electron/segmenter/clean-text';
import { newNonce } from '../../electron/segmenter/protocol/mark-codec';
import { formatMark } from '../../electron/segmenter/testing/format-mark';
import { Segmenter } from '../../electron/segmenter/segmenter';

export interface SegmenterBench {
  segmenter_mb_s: number;
  indexof_mb_s: number;
  /** Median of the per-round ratios segmenter / indexOf (target ≥ 0.5). */
  ratio: number;
  /** The same stream without integration marks: the heuristic path (line and mode tracking). */
  heuristic_mb_s: number;
}

export interface CleanOutputBench {
  clean_mb_s: number;
  tostring_mb_s: number;
  /** Median of the per-round ratios cleanOutput / Buffer.toString. */
  ratio: number;
}

export interface BenchOptions {
  /** Approximate stream size; default 64 MB. */
  bytes?: number;
  /** Read size fed to the segmenter; pty reads here are ~4 KiB. Default 4096. */
  chunkBytes?: number;
  rounds?: number;
}

const WORDS = ['build', 'src/index.ts', 'ok', 'warning:', 'drwxr-xr-x', '4096', 'node_modules', 'error', 'PASS', '12ms', 'the', 'of'];

/** Output of one command: 200 B – 20 KB of CRLF text lines. */
const commandOutput = (random: () => number): string => {
  const target = 200 + Math.floor(random() * 19_800);
  const lines: string[] = [];
  let size = 0;
  while (size < target) {
    // Now and then a word with the nonce's first byte, so redaction meets false starts.
    const word = () => (random() < 0.002 ? 'SQLite' : WORDS[Math.floor(random() * WORDS.length)]);
    const words = Array.from({ length: 3 + Math.floor(random() * 10) }, word);
    const line = `${words.join(' ')}\r\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
};

/**
 * An OSC-rich shell-integration stream like the one our scripts produce: per command a cwd report,
 * prompt start, a coloured prompt, prompt end, the echoed command, E and C marks, the output, D.
 */
export const integrationStream = (nonce: string, bytes: number, seed = 42): { stream: Buffer; outputs: Buffer[] } => {
  const random = seededRandom(seed);
  const parts: string[] = [];
  const outputs: Buffer[] = [];
  let size = 0;
  for (let n = 0; size < bytes; n++) {
    const command = `make target-${n % 97}`;
    const output = commandOutput(random);
    outputs.push(Buffer.from(output));
    const part =
      formatMark('P', nonce, `Cwd=/home/user/project-${n % 7}`) +
      formatMark('A', nonce) +
      `\x1b[01;32muser@host\x1b[00m:\x1b[01;34m~/project-${n % 7}\x1b[00m$ ` +
      formatMark('B', nonce) +
      `${command}\r\n` +
      formatMark('E', nonce, command) +
      formatMark('C', nonce) +
      output +
      formatMark('D', nonce, n % 5 === 0 ? 1 : 0);
    parts.push(part);
    size += part.length;
  }
  return { stream: Buffer.from(parts.join('')), outputs };
};

const chunksOf = (data: Buffer, size: number): Buffer[] => {
  const chunks: Buffer[] = [];
  for (let at = 0; at < data.length; at += size) chunks.push(data.subarray(at, at + size));
  return chunks;
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const mbPerSecond = (bytes: number, run: () => void): number => {
  const start = process.hrtime.bigint();
  run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return bytes / 1e6 / seconds;
};

/** Runs subject and baseline alternately, in a random order per round; medians of the ratios. */
const interleaved = (rounds: number, bytes: number, subject: () => void, baseline: () => void) => {
  const subjectRates: number[] = [];
  const baselineRates: number[] = [];
  const ratios: number[] = [];
  subject();
  baseline();
  for (let round = 0; round < rounds; round++) {
    let s = 0;
    let b = 0;
    if (Math.random() < 0.5) {
      s = mbPerSecond(bytes, subject);
      b = mbPerSecond(bytes, baseline);
    } else {
      b = mbPerSecond(bytes, baseline);
      s = mbPerSecond(bytes, subject);
    }
    subjectRates.push(s);
    baselineRates.push(b);
    ratios.push(s / b);
  }
  return { subject: median(subjectRates), baseline: median(baselineRates), ratio: median(ratios) };
};

/** The segmenter on an integration stream vs a bare `Buffer.indexOf(ESC)` scan of the same reads. */
export function benchSegmenter(options: BenchOptions = {}): SegmenterBench {
  const nonce = newNonce();
  const { stream } = integrationStream(nonce, options.bytes ?? 64e6);
  const chunkBytes = options.chunkBytes ?? 4096;
  const chunks = chunksOf(stream, chunkBytes);
  let sink = 0;
  const run = (segmenterNonce: string, reads: Buffer[]) => () => {
    const segmenter = new Segmenter({ nonce: segmenterNonce });
    for (const chunk of reads) sink += segmenter.output(chunk).events.length;
    segmenter.end();
  };
  const result = interleaved(options.rounds ?? 7, stream.length, run(nonce, chunks), () => {
    for (const chunk of chunks) for (let i = chunk.indexOf(0x1b); i >= 0; i = chunk.indexOf(0x1b, i + 1)) sink++;
  });
  // Without marks the session stays heuristic: every read also goes through line tracking.
  const plain = new Segmenter({ nonce }).output(stream).bytes;
  const heuristic = interleaved(3, plain.length, run(newNonce(), chunksOf(plain, chunkBytes)), () => undefined);
  if (sink < 0) throw new Error('unreachable: keeps the loops from being optimised away');
  return { segmenter_mb_s: result.subject, indexof_mb_s: result.baseline, ratio: result.ratio, heuristic_mb_s: heuristic.subject };
}

/** cleanOutput on command outputs (plain CRLF text) vs decoding the same bytes with toString. */
export function benchCleanOutput(options: BenchOptions = {}): CleanOutputBench {
  const { outputs } = integrationStream(newNonce(), options.bytes ?? 32e6);
  const total = outputs.reduce((sum, output) => sum + output.length, 0);
  let sink = 0;
  const result = interleaved(
    options.rounds ?? 7,
    total,
    () => {
      for (const output of outputs) sink += cleanOutput(output).length;
    },
    () => {
      for (const output of outputs) sink += output.toString('utf8').length;
    },
  );
  if (sink < 0) throw new Error('unreachable');
  return { clean_mb_s: result.subject, tostring_mb_s: result.baseline, ratio: result.ratio };
}
