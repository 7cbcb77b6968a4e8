// SPDX-License-Identifier: MIT
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { describeStartupFailure, installProcessGuards } from './main-failures';
import { DomainError } from '../../shared/ipc/define';
import { DataDirLockedError } from '../data-dir/data-dir-lock';

/** As in main-failures.ts. */
const MAX_REPORTS_PER_MINUTE = 10;

describe('process guards', () => {
  it('log an unhandled rejection and an uncaught exception instead of letting them end the process', () => {
    const target = new EventEmitter();
    const logs: string[] = [];
    const remove = installProcessGuards((message) => logs.push(message), target as never);
    target.emit('unhandledRejection', new Error('lost promise'));
    target.emit('uncaughtException', new TypeError('bad callback'));
    target.emit('unhandledRejection', 'a plain reason');
    expect(logs).toHaveLength(3);
    expect(logs[0]).toMatch(/^unhandled promise rejection \(survived; the app keeps running\): Error: lost promise/);
    expect(logs[1]).toMatch(/^uncaught exception \(survived; the app keeps running\): TypeError: bad callback/);
    expect(logs[2]).toContain('a plain reason');
    remove();
    expect(target.listenerCount('unhandledRejection') + target.listenerCount('uncaughtException')).toBe(0);
  });

  it('log at most a few a minute, then say how many were left out', () => {
    const target = new EventEmitter();
    const logs: string[] = [];
    let now = 0;
    installProcessGuards(
      (message) => logs.push(message),
      target as never,
      () => now,
    );
    for (let i = 0; i < 50; i++) target.emit('uncaughtException', new Error(`tick ${i}`));
    expect(logs).toHaveLength(MAX_REPORTS_PER_MINUTE);
    now = 60_000;
    target.emit('uncaughtException', new Error('later'));
    expect(logs.slice(MAX_REPORTS_PER_MINUTE)).toEqual([
      `${50 - MAX_REPORTS_PER_MINUTE} more unhandled errors in the last minute were not logged`,
      expect.stringContaining('Error: later'),
    ]);
  });
});

describe('describeStartupFailure', () => {
  it('shows an expected failure (a DomainError, or a subclass) as it is, with nothing for the log', () => {
    expect(describeStartupFailure(new DomainError('failed', 'The history database /d/x.db is from a newer version.'))).toEqual({
      message: 'The history database /d/x.db is from a newer version.',
    });
    const locked = new DataDirLockedError('/d', undefined, 'Another Contexterm is using /d. Close it first.');
    expect(describeStartupFailure(locked)).toEqual({ message: 'Another Contexterm is using /d. Close it first.' });
  });

  it('says a bug is one, in a sentence, and keeps its stack for the log', () => {
    const failure = describeStartupFailure(new TypeError('x is undefined'));
    expect(failure.message).toBe(
      'Contexterm could not start because of an unexpected error: x is undefined. Please report it, with the log.',
    );
    expect(failure.detail).toMatch(/^TypeError: x is undefined\n\s+at /);
    expect(describeStartupFailure('thrown text')).toMatchObject({ message: expect.stringContaining('thrown text'), detail: 'thrown text' });
  });
});
