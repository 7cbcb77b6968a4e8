// SPDX-License-Identifier: MIT
import type { HistoryUsage } from '../../shared/ipc/history';

/** The store counts its limits in MiB (electron/store/history/policy.ts); sizes here use the same units. */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** "512 B", "1.5 KB", "143 MB": one decimal below 10 of a unit, none above. */
export const formatBytes = (bytes: number): string => {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  // 9.96 rounds to "10.0": show it as the whole number it reads as.
  const text = value.toFixed(digits).replace(/\.0$/, '');
  return `${text} ${UNITS[unit]}`;
};

const counts = new Intl.NumberFormat('en-US');

/** "12,345" */
export const formatCount = (n: number): string => counts.format(n);

/** "1 command", "12,345 commands" */
export const plural = (n: number, word: string): string => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export const formatAgo = (at: number, now: number): string => {
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${plural(hours, 'hour')} ago`;
  return `${plural(Math.floor(hours / 24), 'day')} ago`;
};

/**
 * One line about the store, e.g. "Database: 143 MB — raw output 120 MB, 12,345 commands in 40
 * sessions, oldest raw output 3 days ago; 8 MB free inside the file".
 */
export const usageSummary = (usage: HistoryUsage, now: number): string => {
  const parts = [
    `raw output ${formatBytes(usage.rawBytes)}`,
    `${plural(usage.commands, 'command')} in ${plural(usage.sessions, 'session')}`,
  ];
  if (usage.oldestRawAt !== null) parts.push(`oldest raw output ${formatAgo(usage.oldestRawAt, now)}`);
  if (usage.droppedBytes > 0) parts.push(`${formatBytes(usage.droppedBytes)} cut from long outputs`);
  const free = usage.freeBytes > 0 ? `; ${formatBytes(usage.freeBytes)} free inside the file` : '';
  return `Database: ${formatBytes(usage.dbBytes)} — ${parts.join(', ')}${free}`;
};

/** What a forget removed, for the status line after it. */
export const forgetSummary = (result: { commands: number; sessions: number; rawBytes: number; attachments: number }): string => {
  if (result.commands === 0 && result.sessions === 0 && result.rawBytes === 0) return 'Nothing to forget: none was recorded.';
  const parts = [plural(result.commands, 'command'), `${formatBytes(result.rawBytes)} of raw output`];
  if (result.sessions > 0) parts.push(plural(result.sessions, 'session'));
  if (result.attachments > 0) parts.push(`${plural(result.attachments, 'attachment')} in conversations`);
  return `Forgotten: ${parts.join(', ')}.`;
};
