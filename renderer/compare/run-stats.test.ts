// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../shared/domain/command';
import { commandRecord } from '../../shared/testing/command-record';
import { defaultOther, glanceAt, lastWorked, runDuration, runOutcome } from './run-stats';

/** Runs newest first from a compact picture: `exits` oldest first, `ms` each run's duration. */
const runs = (exits: readonly (number | null)[], ms: readonly number[] = exits.map(() => 1000)): CommandRecord[] =>
  exits
    .map((exitCode, i) =>
      commandRecord({ sessionId: 's', seq: i + 1, commandLine: 'make', startedAt: i * 60_000, endedAt: i * 60_000 + ms[i]!, exitCode }),
    )
    .reverse();

describe('runOutcome and runDuration', () => {
  it('tells running, unknown, ok and failed apart', () => {
    expect(runOutcome(commandRecord({ sessionId: 's', seq: 1 }))).toBe('running');
    expect(runOutcome(commandRecord({ sessionId: 's', seq: 1, endedAt: 5 }))).toBe('unknown');
    expect(runOutcome(commandRecord({ sessionId: 's', seq: 1, endedAt: 5, exitCode: 0 }))).toBe('ok');
    expect(runOutcome(commandRecord({ sessionId: 's', seq: 1, endedAt: 5, exitCode: 2 }))).toBe('failed');
    expect(runDuration(commandRecord({ sessionId: 's', seq: 1, startedAt: 10, endedAt: 250 }))).toBe(240);
    expect(runDuration(commandRecord({ sessionId: 's', seq: 1, startedAt: 10 }))).toBeUndefined();
  });
});

describe('glanceAt', () => {
  it('calls runs flaky when success and failure take turns at least twice', () => {
    expect(glanceAt(runs([0, 1, 0])).flaky).toBe(true);
    expect(glanceAt(runs([1, 0, 0, 1]))).toMatchObject({
      flaky: true,
      words: [expect.stringMatching(/^Flaky: 2 of the last 4 runs failed/)],
    });
    // It broke, or it was fixed: one turn is news, not flakiness.
    expect(glanceAt(runs([0, 0, 0, 1])).flaky).toBe(false);
    expect(glanceAt(runs([1, 1, 0, 0])).flaky).toBe(false);
    // Runs without an exit status are left out rather than counted as either.
    expect(glanceAt(runs([0, null, 0])).flaky).toBe(false);
  });

  it('looks only at the newest ten runs', () => {
    expect(glanceAt(runs([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).flaky).toBe(false);
  });

  it('calls runs slowing when the last three take over 1.5× the earlier median', () => {
    const slower = glanceAt(runs([0, 0, 0, 0, 0, 0], [1000, 1100, 900, 2000, 2100, 1900]));
    expect(slower.slowing).toBe(true);
    expect(slower.words).toContain('Slowing: the last 3 runs took 2.0 s (median), against 1.0 s before.');
    expect(glanceAt(runs([0, 0, 0, 0, 0, 0], [1000, 1100, 900, 1400, 1500, 1300])).slowing).toBe(false);
    // Too few earlier runs to say, and too small a change to matter.
    expect(glanceAt(runs([0, 0, 0, 0, 0], [1000, 1000, 3000, 3000, 3000])).slowing).toBe(false);
    expect(glanceAt(runs([0, 0, 0, 0, 0, 0], [4, 4, 4, 9, 9, 9])).slowing).toBe(false);
  });

  it('says plainly when nothing stands out', () => {
    expect(glanceAt(runs([0, 0, 0, 0, 0, 0])).words).toEqual(['All of the last 6 runs succeeded.', 'Its duration is steady.']);
    expect(glanceAt(runs([0, 1])).words).toEqual(['1 of the last 2 runs failed.']);
    expect(glanceAt([]).words).toEqual([]);
  });
});

describe('choosing the other run', () => {
  const list = runs([0, 1, 0, 1, 2]); // ids s:5 (newest) … s:1
  it('compares with the run before, or after for the oldest', () => {
    expect(defaultOther(list, 's:5')?.id).toBe('s:4');
    expect(defaultOther(list, 's:1')?.id).toBe('s:2');
    expect(defaultOther(list.slice(0, 1), 's:5')).toBeUndefined();
  });

  it('finds the last time it worked before this run, never after it', () => {
    expect(lastWorked(list, 's:5')?.id).toBe('s:3');
    expect(lastWorked(list, 's:3')?.id).toBe('s:1');
    expect(lastWorked(list, 's:1')).toBeUndefined();
  });
});
