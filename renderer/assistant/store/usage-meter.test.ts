// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { ContextPreview, PreviewSection, SectionId } from '../../../shared/ipc/context';
import { formatTokens, meterOf, percentOf, requestTotal, usageLevel } from './usage-meter';
import { inspectorTotal } from '../context/inspector-total';

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
  budget: {
    contextLimit: limit,
    effectiveLimit: limit ? limit * 0.8 : 0,
    reservedOutputTokens: 0,
    available: limit ? limit * 0.8 : 0,
    used,
  },
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
    // Measured against the budget (1000 × 0.8 here), not the raw window.
    expect(meter).toMatchObject({ tokens: 130, limit: 1000, budget: 800, percent: 16.3, level: 'normal', leftOut: [] });
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
    expect(meter.leftOut).toEqual(['older messages']);
  });

  it('warns as soon as something the user would miss is left out, even under the threshold', () => {
    const small = meterOf(preview([section('system', 50), section('history', 100, 2)], 10_000, 150, 300), 0.8);
    expect(small.percent).toBeLessThan(10);
    expect(small.level).toBe('warning');
    expect(small.leftOut).toEqual(['older messages']);
    const squeezed = { ...section('recent-commands', 40, 7), items: 1 };
    expect(meterOf(preview([section('system', 50), squeezed], 10_000, 90), 0.8).leftOut).toEqual(['recent commands of this terminal']);
    // Plenty of recent commands sent (older ones simply not needed): nothing to warn about.
    const plenty = { ...section('recent-commands', 400, 7), items: 10 };
    expect(meterOf(preview([section('system', 50), plenty], 10_000, 450), 0.8).level).toBe('normal');
  });

  it('counts what any section had to leave out, so over reads as over', () => {
    const pinned = { ...section('pinned', 500), trimmed: { items: 0, tokens: 700, truncated: 1, notes: [] } };
    const meter = meterOf(preview([section('system', 100), pinned], 1000, 600), 0.8);
    expect(meter.tokens).toBe(1300);
    expect(meter.level).toBe('critical');
    expect(meter.leftOut).toEqual(['part of the attached output']);
  });

  it("says so when the repository's AGENTS.md was shortened to fit", () => {
    const rules = { ...section('project-instructions', 200), trimmed: { items: 0, tokens: 900, truncated: 1, notes: [] } };
    const meter = meterOf(preview([section('system', 100), rules], 1000, 300), 0.8);
    expect(meter.leftOut).toEqual(["part of the repository's AGENTS.md"]);
  });

  it('counts recent commands and the catalog (they are sent) but does not warn for them: they give way first', () => {
    const meter = meterOf(
      preview([section('system', 100), section('recent-commands', 300), section('catalog', 200), section('history', 50)], 1000, 650, 50),
      0.5,
    );
    expect(meter.tokens).toBe(650);
    expect(meter.percent).toBe(81.3);
    // 150 fixed tokens of an 800 budget: under the 50 % threshold, so no warning colour.
    expect(meter.level).toBe('normal');
    expect(meter.sections.map((s) => s.id)).toEqual(['system', 'recent-commands', 'catalog', 'history']);
  });

  it('has no limit and stays normal for an unlimited model', () => {
    expect(meterOf(preview([section('system', 100)], null, 100), 0.8)).toMatchObject({ limit: null, percent: null, level: 'normal' });
  });

  it('formats token counts compactly', () => {
    expect([999, 1000, 1250, 128_000, 1_048_576].map(formatTokens)).toEqual(['999', '1k', '1.3k', '128k', '1M']);
  });
});

describe('one figure for the meter and the inspector (issue 21)', () => {
  it('gives the meter and the inspector the same total for the same preview, from requestTotal', () => {
    // The case: 700 tokens of terminal sections the meter used to leave out of its figure.
    const withTerminal = preview(
      [
        section('system', 88),
        section('tools', 67),
        section('question', 20),
        section('recent-commands', 500),
        section('catalog', 200),
        section('history', 300),
      ],
      2000,
      1221,
      300,
    );
    const overfull = preview(
      [
        section('system', 100),
        section('history', 600, 4),
        { ...section('pinned', 50), trimmed: { items: 0, tokens: 70, truncated: 1, notes: [] } },
      ],
      1000,
      760,
      1500,
    );
    for (const p of [withTerminal, overfull]) {
      const figure = requestTotal(p).tokens;
      expect(meterOf(p, 0.8).tokens).toBe(figure);
      expect(inspectorTotal(p).tokens).toBe(figure);
    }
    expect(meterOf(withTerminal, 0.8).tokens).toBe(1221);
    expect(inspectorTotal(withTerminal).text).toBe('1,221 tokens');
    expect(inspectorTotal(overfull)).toEqual({ tokens: 1730, text: '1,730 tokens needed (760 sent, 970 left out)' });
  });
});
