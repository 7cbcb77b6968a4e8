// SPDX-License-Identifier: MIT
// Short-line floods: `seq 1 N` prints N short lines (≈7 characters each), so whatever our path does
// per line (the segmenter's line model, batching, framing, the page's per-write and per-scroll
// handlers) weighs far more than in a `cat` of a log with 100-character lines.
import { interleaved, median, round } from '../stats';
import { profiled } from './page-profile';
import type { TermPage } from './term-page';
import type { UiRig } from './ui-setup';

type Metrics = Record<string, number>;
const MB = 1_000_000;

/** The full run's count, as in issue 25's harness; `--quick` uses SEQ_QUICK_COUNT. */
export const SEQ_COUNT = 3_000_000;
export const SEQ_QUICK_COUNT = 1_000_000;

/** Bytes `seq 1 count` prints: every number's digits plus its newline. */
export const seqBytes = (count: number): number => {
  let bytes = 0;
  for (let digits = 1, low = 1; low <= count; digits++, low *= 10) bytes += (Math.min(count, low * 10 - 1) - low + 1) * (digits + 1);
  return bytes;
};

/** Runs `seq 1 count`: seconds from Enter to the next prompt on screen; the longest frame gap goes to `gaps`. */
const seqRun = async (page: TermPage, count: number, seconds: number[], gaps: number[]): Promise<number> => {
  process.stderr.write(`  ui: ${page.name}: seq 1 ${count}\n`);
  const watch = await profiled(page.page, `${page.name}-seq`, () => page.run(`seq 1 ${count}`));
  seconds.push(watch.ms / 1000);
  gaps.push(watch.maxGapMs);
  return seqBytes(count) / MB / (watch.ms / 1000);
};

/**
 * `ui_seq_vs_bare`: MB/s of `seq 1 count` in Contexterm over the bare page's, rounds interleaved
 * (min/median/max of the per-round ratios), with both pages' seconds and MB/s.
 */
export const benchSeq = async (rig: UiRig, count: number, rounds: number): Promise<Metrics> => {
  const seconds = { ct: [] as number[], bare: [] as number[] };
  const gaps = { ct: [] as number[], bare: [] as number[] };
  const result = await interleaved(
    rounds,
    () => seqRun(rig.contexterm, count, seconds.ct, gaps.ct),
    () => seqRun(rig.bare, count, seconds.bare, gaps.bare),
  );
  return {
    ui_seq_vs_bare: round(result.ratio),
    ui_seq_vs_bare_min: round(Math.min(...result.ratios)),
    ui_seq_vs_bare_max: round(Math.max(...result.ratios)),
    ui_seq_count: count,
    ui_seq_s: round(median(seconds.ct), 2),
    bare_seq_s: round(median(seconds.bare), 2),
    ui_seq_mb_s: round(result.subject, 2),
    bare_seq_mb_s: round(result.baseline, 2),
    ui_seq_frame_gap_ms: round(median(gaps.ct), 1),
    bare_seq_frame_gap_ms: round(median(gaps.bare), 1),
  };
};
