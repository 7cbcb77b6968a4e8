// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { HistoryUsage } from '../../shared/ipc/history';
import { forgetSummary, formatAgo, formatBytes, formatCount, usageSummary } from './format';

const MB = 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;

describe('sizes, counts and ages in words', () => {
  it('formats bytes with one decimal below 10 of a unit', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024)).toBe('10 KB');
    expect(formatBytes(143 * MB + 300_000)).toBe('143 MB');
    expect(formatBytes(2 * 1024 * MB)).toBe('2 GB');
    expect(formatBytes(9.99 * MB)).toBe('10 MB');
    expect(formatBytes(-5)).toBe('0 B');
  });

  it('groups thousands', () => {
    expect(formatCount(12345)).toBe('12,345');
  });

  it('says how long ago', () => {
    const now = 100 * DAY;
    expect(formatAgo(now - 10_000, now)).toBe('just now');
    expect(formatAgo(now - 60_000, now)).toBe('1 minute ago');
    expect(formatAgo(now - 5 * 3_600_000, now)).toBe('5 hours ago');
    expect(formatAgo(now - 3 * DAY - 1000, now)).toBe('3 days ago');
    expect(formatAgo(now + 5000, now)).toBe('just now');
  });
});

describe('storage use', () => {
  const usage: HistoryUsage = {
    dbBytes: 143 * MB,
    freeBytes: 8 * MB,
    rawBytes: 120 * MB,
    droppedBytes: 0,
    commands: 12345,
    sessions: 40,
    oldestRawAt: 0,
    oldestCommandAt: 0,
  };

  it('reads as one line', () => {
    expect(usageSummary(usage, 3 * DAY)).toBe(
      'Database: 143 MB — raw output 120 MB, 12,345 commands in 40 sessions, oldest raw output 3 days ago; 8 MB free inside the file',
    );
  });

  it('leaves out what does not apply and adds what was cut', () => {
    expect(usageSummary({ ...usage, commands: 1, sessions: 1, freeBytes: 0, oldestRawAt: null, droppedBytes: 3 * MB }, 0)).toBe(
      'Database: 143 MB — raw output 120 MB, 1 command in 1 session, 3 MB cut from long outputs',
    );
  });

  it('says what a forget removed', () => {
    expect(forgetSummary({ commands: 3, sessions: 0, rawBytes: 2048, attachments: 1 })).toBe(
      'Forgotten: 3 commands, 2 KB of raw output, 1 attachment in conversations.',
    );
    expect(forgetSummary({ commands: 0, sessions: 0, rawBytes: 0, attachments: 0 })).toBe('Nothing to forget: none was recorded.');
  });
});
