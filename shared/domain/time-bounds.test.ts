// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { parseTimeBound } from './time-bounds';

const NOW = Date.UTC(2026, 11, 7, 12, 0, 0);

describe('parseTimeBound', () => {
  it('counts a duration back from now', () => {
    expect(parseTimeBound('90s', NOW)).toBe(NOW - 90_000);
    expect(parseTimeBound('15m', NOW)).toBe(NOW - 15 * 60_000);
    expect(parseTimeBound('2h', NOW)).toBe(NOW - 2 * 3_600_000);
    expect(parseTimeBound('3D', NOW)).toBe(NOW - 3 * 86_400_000);
    expect(parseTimeBound('1w', NOW)).toBe(NOW - 604_800_000);
  });

  it('reads ISO dates, a bare date as local midnight', () => {
    expect(parseTimeBound('2026-12-01T09:30:00Z', NOW)).toBe(Date.UTC(2026, 11, 1, 9, 30));
    expect(parseTimeBound('2026-12-01', NOW)).toBe(new Date(2026, 11, 1).getTime());
    expect(parseTimeBound('2026-12-01 09:30', NOW)).toBe(new Date(2026, 11, 1, 9, 30).getTime());
  });

  it('refuses anything else instead of guessing', () => {
    for (const bad of ['', 'yesterday', '1.5h', '2 hours', '-3d', '2026-13-45', '2026-12-01T25:00', 'h', '9999999d', '2026-12-01; rm']) {
      expect(parseTimeBound(bad, NOW), bad).toBeUndefined();
    }
  });
});
