// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { CATEGORIES, loadRedactionCorpus, measureRedaction } from '../../../tests/fixtures/redaction-corpus';
import { Redactor } from './redactor';

const redactor = new Redactor();
const corpus = loadRedactionCorpus();
const tuned = { positives: corpus.positives.filter((p) => !p.heldOut), negatives: corpus.negatives.filter((n) => !n.heldOut) };
const result = measureRedaction((text) => redactor.redact(text).text, tuned);
const all = measureRedaction((text) => redactor.redact(text).text, corpus);

describe('redaction corpus', () => {
  it('is big enough to mean something in every category', () => {
    for (const category of CATEGORIES)
      expect(corpus.positives.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(50);
    expect(corpus.negatives.length).toBeGreaterThanOrEqual(500);
  });

  it.each(CATEGORIES)('catches at least 99 %% of %s', (category) => {
    const { recallPct, misses } = result.byCategory[category];
    expect(
      recallPct,
      misses
        .slice(0, 5)
        .map((m) => `${m.family}: ${m.text.slice(0, 80)}`)
        .join('\n'),
    ).toBeGreaterThanOrEqual(99);
  });

  it('changes at most 3 % of look-alike and ordinary lines', () => {
    expect(
      result.falsePositivePct,
      result.falsePositives
        .slice(0, 5)
        .map((n) => `${n.family}: ${n.text.slice(0, 80)}`)
        .join('\n'),
    ).toBeLessThanOrEqual(3);
  });

  // Held-out families were never tuned against; this only guards against regressions (see the corpus loader).
  it('stays close on held-out families', () => {
    expect(all.heldOut.recallPct).toBeGreaterThanOrEqual(95);
    expect(all.heldOut.falsePositivePct).toBeLessThanOrEqual(3);
  });
});
