// SPDX-License-Identifier: MIT

export type Random = () => number;

/**
 * mulberry32: a tiny seeded PRNG in [0, 1), so generated test data and benchmark workloads are the
 * same on every run (a failure reproduces; ratios compare like with like).
 */
export const seededRandom = (seed: number): Random => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};
