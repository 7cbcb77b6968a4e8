// SPDX-License-Identifier: MIT
import type { HistorySettings } from '../../../shared/ipc/history';

const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Retention limits in the units the store works in; 0 means no limit. */
export interface RetentionPolicy {
  readonly rawMaxBytes: number;
  readonly rawMaxAgeMs: number;
  /** One command's raw output beyond this keeps its head and tail (half each). Never 0. */
  readonly commandRawMaxBytes: number;
  readonly recordsMaxAgeMs: number;
  readonly recordsMax: number;
}

export const policyFromSettings = (h: HistorySettings): RetentionPolicy => ({
  rawMaxBytes: h.rawMaxMb * MB,
  rawMaxAgeMs: h.rawMaxAgeDays * DAY_MS,
  commandRawMaxBytes: Math.max(1, h.commandRawMaxMb) * MB,
  recordsMaxAgeMs: h.recordsMaxAgeDays * DAY_MS,
  recordsMax: h.recordsMax,
});

/** Until the settings arrive: keep everything but still bound one command (the defaults' 64 MB). */
export const UNLIMITED_POLICY: RetentionPolicy = {
  rawMaxBytes: 0,
  rawMaxAgeMs: 0,
  commandRawMaxBytes: 64 * MB,
  recordsMaxAgeMs: 0,
  recordsMax: 0,
};
