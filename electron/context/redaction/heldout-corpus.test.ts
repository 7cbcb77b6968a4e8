// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { HELDOUT_SOURCES, loadHeldoutCorpus, measureHeldout, type HeldoutFigures } from '../../../tests/fixtures/redaction-heldout';
import { Redactor } from './redactor';

/**
 * The truly held-out check: detect-secrets', ripsecrets' and ggshield's own test samples
 * (tests/fixtures/redaction-heldout/NOTICE.md), vendored after the rules were last changed and
 * measured without changing any rule. Unlike the outside corpus (outside-corpus.test.ts), whose misses
 * were read while fixing the rules, this one has not been tuned against. The point is the printed
 * figure; the assertions are only a sanity floor. Reading the misses to change a rule spends it.
 */
/**
 * First (and so far only) measurement, with the rules as they were when this corpus was vendored:
 * recall 69.14 % of 269, false positives 6.56 % of 122. That is below the 90 % / 5 % one would want,
 * so the floors sit just under the measured figure: they catch a breakage or a regression, they do
 * not claim the figure is good. Raise them only when the figure rises without tuning on these misses.
 */
const RECALL_FLOOR_PCT = 65;
const FALSE_POSITIVE_CEILING_PCT = 10;

const redactor = new Redactor();
const corpus = loadHeldoutCorpus();
const m = measureHeldout((text) => redactor.redact(text).text, corpus);

const line = (name: string, f: HeldoutFigures): string =>
  `${name.padEnd(15)} recall ${f.recallPct.toFixed(2)} % of ${f.positives}   false positives ${f.falsePositivePct.toFixed(2)} % of ${f.negatives}`;

const sample = (text: string): string => JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…` : text);

console.log(
  [
    'held-out redaction corpus:',
    ...HELDOUT_SOURCES.map((s) => `  ${line(s, m.bySource[s])}`),
    `  ${line('all', m.all)}`,
    `  excluded positives (placeholders the README leaves alone, IP addresses): ${m.excludedPositives} (${m.excludedPositivesRedacted} redacted anyway)`,
    `  excluded look-alikes that hold a credential: ${m.excludedNegatives} (${m.excludedNegativesChanged} redacted)`,
    `  misses (${m.all.misses.length}):`,
    ...m.all.misses.map((p) => `    ${p.source}/${p.rule}: ${sample(p.text)}`),
    `  false positives (${m.all.falsePositives.length}):`,
    ...m.all.falsePositives.map((n) => `    ${n.source}/${n.rule}: ${sample(n.text)}`),
  ].join('\n'),
);

describe('held-out redaction corpus', () => {
  it('has samples from every source', () => {
    expect(m.all.positives).toBeGreaterThanOrEqual(250);
    for (const source of HELDOUT_SOURCES) {
      expect(m.bySource[source].positives, source).toBeGreaterThan(0);
      expect(m.bySource[source].negatives, source).toBeGreaterThan(0);
    }
  });

  it(`redacts at least ${RECALL_FLOOR_PCT} % of the secrets (sanity floor under the measured 69.14 %; the figure is printed)`, () => {
    expect(m.all.recallPct, m.all.misses.slice(0, 10).map((p) => `${p.source}/${p.rule}: ${sample(p.text)}`).join('\n')).toBeGreaterThanOrEqual(RECALL_FLOOR_PCT);
  });

  it(`changes at most ${FALSE_POSITIVE_CEILING_PCT} % of the look-alikes (sanity ceiling over the measured 6.56 %; the figure is printed)`, () => {
    expect(m.all.falsePositivePct, m.all.falsePositives.slice(0, 10).map((n) => `${n.source}/${n.rule}: ${sample(n.text)}`).join('\n')).toBeLessThanOrEqual(FALSE_POSITIVE_CEILING_PCT);
  });
});
