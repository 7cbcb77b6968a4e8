// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { ContextPreview, PreviewSection, SectionId } from '../../../shared/ipc/context';
import { formatTokens, meterOf, percentOf, usageLevel } from './usage-meter';

const section = (id: SectionId, tokens: number, trimmedItems = 0): PreviewSection => ({
  id,
  title: id,
  tokens,
  items: 1,
  text: '',
  trimmed: { items: trimmedItems, tokens: 0, truncated: 0, notes: [] },
  redactions: {},
});

const preview = (sections: PreviewSection[], limit: number | null, used: number, historyTotal = 0): ContextPreview => ({
  model: 'm',
  tokenizer: 'estimate',
  exactTokens: false,
  budget: { contextLimit: limit, effectiveLimit: limit ? limit * 0.8 : 0, reservedOutputTokens: 0, available: 0, used },
  sections,
  catalog: [],
  redactions: {},
  trimmed: [],
  usage: { messageCount: 0, estimatedTokens: historyTotal, contextLimit: limit, usagePercent: null },
  prompt: '',
  messages: [],
});

describe('usage colours', () => {
  it('warns at the threshold and turns critical at the limit', () => {
    expect(usageLevel(null, 0.8)).toBe('normal');
    expect(usageLevel(79.9, 0.8)).toBe('normal');
    expect(usageLevel(80, 0.8)).toBe('warning');
    expect(usageLevel(99.9, 0.8)).toBe('warning');
    expect(usageLevel(100, 0.8)).toBe('critical');
    expect(usageLevel(5, 0.05)).toBe('warning');
    expect(usageLevel(Number.NaN, 0.5)).toBe('normal');
  });

  it('rounds percent to one decimal and has none without a limit', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(500, null)).toBeNull();
    expect(percentOf(500, 0)).toBeNull();
  });
});

describe('meter from a preview', () => {
  it('sums the sections and the framing the engine counted', () => {
    const meter = meterOf(preview([section('system', 100), section('question', 20), section('pinned', 0)], 1000, 130), 0.8);
    expect(meter).toMatchObject({ tokens: 130, limit: 1000, percent: 13, level: 'normal' });
    expect(meter.sections.map((s) => [s.id, s.tokens])).toEqual([
      ['system', 100],
      ['question', 20],
      ['overhead', 10],
    ]);
  });

  it('adds back history the budget left out, so an overfull conversation reads as over', () => {
    const meter = meterOf(preview([section('system', 100), section('history', 600, 4)], 1000, 700, 1500), 0.8);
    expect(meter.tokens).toBe(1600);
    expect(meter.level).toBe('critical');
    expect(meter.sections.at(-1)).toMatchObject({ id: 'trimmed-history', tokens: 900 });
  });

  it('lists recent commands and the catalog without counting them: they fill what is left', () => {
    const meter = meterOf(preview([section('system', 100), section('recent-commands', 300), section('catalog', 200), section('history', 50)], 1000, 650, 50), 0.8);
    expect(meter.tokens).toBe(150);
    expect(meter.sections.map((s) => s.id)).toEqual(['system', 'recent-commands', 'catalog', 'history']);
  });

  it('has no limit and stays normal for an unlimited model', () => {
    expect(meterOf(preview([section('system', 100)], null, 100), 0.8)).toMatchObject({ limit: null, percent: null, level: 'normal' });
  });

  it('formats token counts compactly', () => {
    expect([999, 1000, 1250, 128_000, 1_048_576].map(formatTokens)).toEqual(['999', '1k', '1.3k', '128k', '1M']);
  });
});
