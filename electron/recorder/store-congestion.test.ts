// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { storeCongested } from './store-congestion';

const MB = 1024 * 1024;
const congested = (backlogBytes: number, backlogAgeMs: number, share: number, state: 'ok' | 'failing' = 'ok'): boolean =>
  storeCongested({ backlogBytes, backlogAgeMs, backlogOf: () => share, status: { state } }, 's1');

describe('holding a pty while the store is behind', () => {
  it('holds a session with over 1 MB of a backlog over 8 MB, however young', () => {
    expect(congested(9 * MB, 0, 2 * MB)).toBe(true);
    expect(congested(9 * MB, 0, MB / 2)).toBe(false);
  });

  it('holds a session with over 1 MB of a backlog that has waited over 250 ms, however small', () => {
    expect(congested(2 * MB, 300, 1.5 * MB)).toBe(true);
    expect(congested(2 * MB, 100, 1.5 * MB)).toBe(false);
  });

  it('holds by age only while commits succeed: a locked database drops the rows, and only the byte bound holds', () => {
    expect(congested(2 * MB, 5_000, 1.5 * MB, 'failing')).toBe(false);
    expect(congested(9 * MB, 5_000, 2 * MB, 'failing')).toBe(true);
  });

  it("never holds a shell being typed in behind another tab's flood, however far behind", () => {
    expect(congested(2 * MB, 5_000, 1_000)).toBe(false);
    expect(congested(64 * MB, 5_000, 1_000)).toBe(false);
  });
});
