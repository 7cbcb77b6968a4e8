// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import {
  dbBoundMb,
  floors,
  parseMinutes,
  parseStatus,
  slackMb,
  slope,
  slopePer10Min,
  slopeStdErrPer10Min,
  verdict,
  type SoakFigures,
} from '../soak/measure';

const STATUS = [
  'Name:\tnode',
  'State:\tS (sleeping)',
  'VmPeak:\t 1200000 kB',
  'VmRSS:\t  102400 kB',
  'RssAnon:\t   80000 kB',
  'RssFile:\t   20000 kB',
  'Threads:\t17',
  '',
].join('\n');

const PASSING: SoakFigures = {
  slopeMbPer10Min: 0.5,
  slopeStdErrMbPer10Min: 0.2,
  fdsStart: 50,
  fdsEnd: 50,
  dbMb: 20,
  capMb: 16,
  records: 10,
  errors: [],
};

describe('the soak run: /proc parsing', () => {
  it('reads VmRSS (not VmPeak or RssAnon) in MB and the thread count', () => {
    expect(parseStatus(STATUS)).toEqual({ rssMb: 100, anonMb: 80000 / 1024, fileMb: 20000 / 1024, threads: 17 });
  });

  it('gives NaN for a field that is missing, so a broken read cannot pass for flat memory', () => {
    expect(parseStatus('Name:\tnode\n').rssMb).toBeNaN();
    expect(
      verdict({
        ...PASSING,
        slopeMbPer10Min: slopePer10Min([
          { t: 0, y: NaN },
          { t: 10, y: NaN },
        ]),
      }),
    ).toHaveLength(1);
  });
});

describe('the soak run: slope', () => {
  it('is the least-squares slope, per second and per 10 minutes', () => {
    // y = 3 + 0.01 t with noise symmetric about the middle (no trend of its own): 0.01 MB/s is 6 MB per 10 minutes.
    const points = [0, 60, 120, 180, 240].map((t, i) => ({ t, y: 3 + 0.01 * t + [0.5, -0.5, 0, -0.5, 0.5][i]! }));
    expect(slope(points)).toBeCloseTo(0.01, 9);
    expect(
      slopePer10Min([
        { t: 0, y: 100 },
        { t: 600, y: 106 },
      ]),
    ).toBeCloseTo(6, 9);
  });

  it('is not fooled by a spike at the start (least squares, not last minus first)', () => {
    const points = [{ t: 0, y: 200 }, ...Array.from({ length: 20 }, (_, i) => ({ t: (i + 1) * 5, y: 100 }))];
    // Σ(t − 50)(y − ȳ) / Σ(t − 50)² = −5000 / 19250; last minus first would say −1.
    expect(slope(points)).toBeCloseTo(-5000 / 19250, 9);
  });

  it('takes the floor of each cycle at its own time', () => {
    const points = [
      { t: 0, y: 110, group: 0 },
      { t: 5, y: 100, group: 0 },
      { t: 10, y: 130, group: 1 },
      { t: 15, y: 104, group: 1 },
      { t: 20, y: 120, group: 1 },
    ];
    expect(floors(points)).toEqual([
      { t: 5, y: 100 },
      { t: 15, y: 104 },
    ]);
    expect(slope(floors(points))).toBeCloseTo(0.4, 9);
  });

  it('is 0 for one point or points at one time', () => {
    expect(slope([{ t: 5, y: 1 }])).toBe(0);
    expect(
      slope([
        { t: 5, y: 1 },
        { t: 5, y: 9 },
      ]),
    ).toBe(0);
  });
});

describe('the soak run: how sure the slope is', () => {
  it('is the standard error of the least-squares slope, per 10 minutes', () => {
    // Residuals ±1 around y = 100 at t = 0, 60, 120, 180 (10 minutes per 600 s): Σr² = 4, Σ(t − t̄)² = 18000.
    const points = [
      { t: 0, y: 101 },
      { t: 60, y: 99 },
      { t: 120, y: 99 },
      { t: 180, y: 101 },
    ];
    expect(slopePer10Min(points)).toBeCloseTo(0, 9);
    expect(slopeStdErrPer10Min(points)).toBeCloseTo(Math.sqrt(4 / 2 / 18000) * 600, 9);
    expect(slopeStdErrPer10Min(points.slice(0, 2))).toBe(Infinity);
  });

  it('fails a slope under the bound that its scatter cannot tell from one over it, and says so', () => {
    expect(verdict({ ...PASSING, slopeMbPer10Min: 0.9, slopeStdErrMbPer10Min: 1.1 })).toEqual([
      expect.stringMatching(/0\.90 ± 1\.10 .*up to 3\.10 > 1.*run longer/),
    ]);
    expect(verdict({ ...PASSING, slopeMbPer10Min: 0.4, slopeStdErrMbPer10Min: 0.3 })).toEqual([]);
    expect(verdict({ ...PASSING, slopeStdErrMbPer10Min: Infinity })).toHaveLength(1);
  });
});

describe('the soak run: verdict', () => {
  it('passes flat memory, steady fds, a database within bounds and no error', () => {
    expect(verdict(PASSING)).toEqual([]);
  });

  it('fails on each of the four, naming it', () => {
    expect(verdict({ ...PASSING, slopeMbPer10Min: 1.2 })).toEqual([expect.stringMatching(/RSS slope 1\.20/)]);
    expect(verdict({ ...PASSING, fdsEnd: 51 })).toEqual([expect.stringMatching(/fds grew from 50 to 51/)]);
    expect(verdict({ ...PASSING, dbMb: 30 })).toEqual([expect.stringMatching(/database 30\.0 MB > 24\.6 MB/)]);
    expect(verdict({ ...PASSING, errors: ['boom', 'bang'] })).toEqual(['2 error(s), first: boom']);
  });

  it('bounds the database by the raw cap, its documented slack and the records it holds', () => {
    expect(slackMb(16)).toBe(8);
    expect(slackMb(200)).toBe(20);
    expect(slackMb(1000)).toBe(32);
    expect(dbBoundMb(16, 0)).toBe(24);
    expect(dbBoundMb(16, 32)).toBe(26);
  });
});

describe('the soak run: length', () => {
  it('is 12 minutes, 3 with --quick, or what --minutes says', () => {
    expect(parseMinutes([])).toBe(12);
    expect(parseMinutes(['--quick'])).toBe(3);
    expect(parseMinutes(['--quick', '--minutes=30'])).toBe(30);
    expect(() => parseMinutes(['--minutes=zero'])).toThrow(/positive number/);
  });
});
