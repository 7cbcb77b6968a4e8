// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { CompactResult } from '../../../shared/ipc/context';
import type { Meter } from '../store/usage-meter';

/** One meter reading: what `context-usage` showed. */
export interface UsageReading {
  readonly tokens: number;
  readonly percent: number | null;
}

/**
 * The meter just before and just after a compaction, measured with the same preview the meter
 * shows, so the result line states the drop the user can see (not an estimate of it).
 */
export interface CompactionMeasure {
  readonly result: CompactResult;
  readonly before: UsageReading;
  readonly after: UsageReading;
}

export const useCompactionMeasure = create<{ readonly measure: CompactionMeasure | undefined }>(() => ({ measure: undefined }));

export const readingOf = (meter: Meter | undefined): UsageReading | undefined =>
  meter ? { tokens: meter.tokens, percent: meter.percent } : undefined;

const tokens = (n: number): string => `${n.toLocaleString('en-US')} token${n === 1 ? '' : 's'}`;
const percent = (p: number | null): string => (p === null ? '' : ` (${Math.round(p)} %)`);

/** "Usage 2,345 tokens (117 %) → 812 tokens (41 %)." */
export const usageChangeText = ({ before, after }: Pick<CompactionMeasure, 'before' | 'after'>): string =>
  `Usage ${tokens(before.tokens)}${percent(before.percent)} → ${tokens(after.tokens)}${percent(after.percent)}${
    after.tokens >= before.tokens ? ': the context did not get smaller' : ''
  }.`;
