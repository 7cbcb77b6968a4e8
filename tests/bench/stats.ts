// SPDX-License-Identifier: MIT

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * Runs subject and baseline alternately (order flipped every round, so drift and warm-up hit both)
 * and returns the per-round ratios subject/baseline of a higher-is-better metric.
 */
export const interleaved = async (
  rounds: number,
  subject: () => Promise<number>,
  baseline: () => Promise<number>,
): Promise<{ ratio: number; subject: number; baseline: number; ratios: number[] }> => {
  const ratios: number[] = [];
  const subjects: number[] = [];
  const baselines: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let s: number;
    let b: number;
    if (round % 2 === 0) {
      s = await subject();
      b = await baseline();
    } else {
      b = await baseline();
      s = await subject();
    }
    subjects.push(s);
    baselines.push(b);
    ratios.push(s / b);
  }
  return { ratio: median(ratios), subject: median(subjects), baseline: median(baselines), ratios };
};

export const round = (value: number, digits = 3): number => Number(value.toFixed(digits));
