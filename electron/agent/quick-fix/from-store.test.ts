// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { commandInput, sessionInput } from '../../store/testing/fixtures';
import { useTempStore } from '../../store/testing/temp-store';
import { findQuickFixes } from './candidates';

/** End to end on a real store: what the store reads for a failure is what the finder needs. */
describe('quick fixes from a recorded history', () => {
  const temp = useTempStore();
  const T = 1_800_000_000_000;

  it('offers the variant that worked after the same failure in an earlier session', async () => {
    const { store } = temp;
    store.startSession(sessionInput('old', { startedAt: T - 3_600_000 }));
    store.upsertCommand(
      commandInput('old', 1, { commandLine: 'npm run buidl', cwd: '/repo', startedAt: T - 3_000_000, endedAt: T - 2_999_000, exitCode: 1 }),
    );
    store.upsertCommand(
      commandInput('old', 2, { commandLine: 'npm run build', cwd: '/repo', startedAt: T - 2_990_000, endedAt: T - 2_980_000, exitCode: 0 }),
    );
    store.startSession(sessionInput('new', { startedAt: T - 1000 }));
    store.upsertCommand(
      commandInput('new', 1, { commandLine: 'npm run buidl', cwd: '/repo', startedAt: T, endedAt: T + 500, exitCode: 1 }),
    );
    await store.flush();

    const found = await store.quickFixHistory('new:1');
    if (!found) throw new Error('the failed command was not read back');
    expect(findQuickFixes(found.failed, found.history)).toEqual([
      expect.objectContaining({ line: 'npm run build', kind: 'changed-argument', count: 1, origin: 'after-failure' }),
    ]);
  });
});
