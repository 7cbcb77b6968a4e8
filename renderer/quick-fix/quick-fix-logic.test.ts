// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { commandRecord } from '../../shared/testing/command-record';
import { fixBasis, fixTerminal, offersQuickFix, whenText } from './quick-fix-logic';

const finished = (exitCode: number | null, fields: Parameters<typeof commandRecord>[0] = {}) =>
  commandRecord({ sessionId: 's', seq: 1, commandLine: 'npm run buidl', startedAt: 1000, endedAt: 2000, exitCode, ...fields });

describe('offersQuickFix', () => {
  it('offers fixes for a failure', () => {
    expect(offersQuickFix(finished(1))).toBe(true);
    expect(offersQuickFix(finished(127))).toBe(true);
  });

  it('not for a success, a running or interrupted command, a stop at the keyboard, or no line', () => {
    expect(offersQuickFix(finished(0))).toBe(false);
    expect(offersQuickFix(finished(null))).toBe(false);
    expect(offersQuickFix(finished(null, { endedAt: null }))).toBe(false);
    expect(offersQuickFix(finished(1, { interrupted: true }))).toBe(false);
    expect(offersQuickFix(finished(130))).toBe(false);
    expect(offersQuickFix(finished(148))).toBe(false);
    expect(offersQuickFix(finished(1, { commandLine: '  ' }))).toBe(false);
  });
});

describe('fixTerminal', () => {
  const terminals = [
    { id: 't1', sessionId: 's1', exited: false },
    { id: 't2', sessionId: 's2', exited: false },
    { id: 't3', sessionId: 's3', exited: true },
  ];

  it("picks the terminal of the command's session", () => {
    expect(fixTerminal({ sessionId: 's2' }, { terminals, previousOf: {}, activeId: 't1' })).toBe('t2');
  });

  it('then the one continuing that session, then the active one, never an exited one', () => {
    expect(fixTerminal({ sessionId: 'old' }, { terminals, previousOf: { s2: 'old' }, activeId: 't1' })).toBe('t2');
    expect(fixTerminal({ sessionId: 's3' }, { terminals, previousOf: {}, activeId: 't1' })).toBe('t1');
    expect(fixTerminal({ sessionId: 's3' }, { terminals, previousOf: {}, activeId: 't3' })).toBeUndefined();
  });
});

describe('fixBasis', () => {
  const now = new Date(2026, 5, 15, 12).getTime();
  const DAY = 24 * 3_600_000;

  it('says how often and when the fix worked', () => {
    expect(fixBasis({ count: 3, lastUsedAt: now - 3 * DAY, origin: 'after-failure' }, now)).toBe(
      'You ran this after such a failure 3 times, last 3 days ago: it worked',
    );
    expect(fixBasis({ count: 2, lastUsedAt: now - 60_000, origin: 'frequent-line' }, now)).toMatch(/^Worked here twice, last today;/);
  });

  it('names yesterday across midnight', () => {
    expect(whenText(new Date(2026, 5, 14, 23).getTime(), new Date(2026, 5, 15, 1).getTime())).toBe('yesterday');
    expect(whenText(now - 1.5 * DAY, now)).toBe('yesterday');
  });
});
