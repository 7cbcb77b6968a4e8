// SPDX-License-Identifier: MIT
import { formatMark, type MarkKind } from './format-mark';
import type { SegmentEvent, SegmenterOptions } from '../segmenter';
import { Segmenter } from '../segmenter';

/** Shared by the segmenter's unit and property tests (not shipped code paths). */
export const NONCE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

export const mark = (kind: MarkKind, arg?: string | number, nonce = NONCE): string => formatMark(kind, nonce, arg);

/** One whole command cycle as our shell scripts print it. */
export const cycle = (command: string, output: string, exitCode: number, nonce = NONCE): string =>
  `${mark('A', undefined, nonce)}$ ${mark('B', undefined, nonce)}${command}\r\n` +
  `${mark('E', command, nonce)}${mark('C', undefined, nonce)}${output}${mark('D', exitCode, nonce)}`;

export type Step = { output: string | Buffer } | { input: string | Buffer } | { flush: true };

export interface Run {
  bytes: Buffer;
  events: SegmentEvent[];
}

const toBuffer = (data: string | Buffer): Buffer => (typeof data === 'string' ? Buffer.from(data, 'utf8') : data);

/** Feeds steps through a fresh segmenter (clock fixed at 0) and ends the stream. */
export const runSteps = (steps: readonly Step[], options: Partial<SegmenterOptions> = {}): Run => {
  const segmenter = new Segmenter({ nonce: NONCE, now: () => 0, ...options });
  const bytes: Buffer[] = [];
  const events: SegmentEvent[] = [];
  for (const step of steps) {
    if ('output' in step) {
      const result = segmenter.output(toBuffer(step.output));
      bytes.push(result.bytes);
      events.push(...result.events);
    } else if ('input' in step) events.push(...segmenter.input(toBuffer(step.input)));
    else {
      const result = segmenter.flush();
      bytes.push(result.bytes);
      events.push(...result.events);
    }
  }
  const last = segmenter.end();
  bytes.push(last.bytes);
  events.push(...last.events);
  return { bytes: Buffer.concat(bytes), events };
};

export const runOutput = (chunks: ReadonlyArray<string | Buffer>, options: Partial<SegmenterOptions> = {}): Run =>
  runSteps(
    chunks.map((output) => ({ output })),
    options,
  );

/** Splits `data` at the given cut points (any order, duplicates allowed). */
export const splitAt = (data: Buffer, cuts: readonly number[]): Buffer[] => {
  const points = [...new Set(cuts.map((cut) => Math.max(0, Math.min(data.length, cut))))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(data.subarray(from, point));
    from = point;
  }
  chunks.push(data.subarray(from));
  return chunks;
};

/** The boundaries' types; `input-start` (for the renderer's prompt-input model) has tests of its own. */
export const types = (events: readonly SegmentEvent[]): string[] =>
  events.flatMap((event) => (event.type === 'input-start' ? [] : [event.type]));

export const commandsOf = (events: readonly SegmentEvent[]) => events.flatMap((event) => (event.type === 'command-start' ? [event] : []));
