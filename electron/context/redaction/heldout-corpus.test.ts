// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { HELDOUT_SOURCES, loadHeldoutCorpus, measureHeldout, type HeldoutFigures } from '../../../tests/fixtures/redaction-heldout';
import { Redactor } from './redactor';

/**
 * The scanners' samples: detect-secrets', ripsecrets' and ggshield's own test cases
 * (tests/fixtures/redaction-heldout/NOTICE.md). Vendored as a held-out set and first measured
 * without changing any rule: recall 69.14 % of 269, false positives 6.56 % of 122. Issue 38 then
 * had its misses read to improve the rules (general formats and context rules, not its strings),
 * so it is **no longer held out**: it is now a third tuned-against corpus beside the generated and
 * outside ones, and these are issue 38's targets, not a sanity floor. A held-out figure has to come
 * from a set nobody tuned on.
 */
const RECALL_FLOOR_PCT = 90;
const FALSE_POSITIVE_CEILING_PCT = 5;

const redactor = new Redactor();
const corpus = loadHeldoutCorpus();
const m = measureHeldout((text) => redactor.redact(text).text, corpus);

const line = (name: string, f: HeldoutFigures): string =>
  `${name.padEnd(15)} recall ${f.recallPct.toFixed(2)} % of ${f.positives}   false positives ${f.falsePositivePct.toFixed(2)} % of ${f.negatives}`;

const sample = (text: string): string => JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}…` : text);

console.log(
  [
    "scanners' samples (no longer held out):",
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

describe("scanners' samples (detect-secrets, ripsecrets, ggshield)", () => {
  it('has samples from every source', () => {
    expect(m.all.positives).toBeGreaterThanOrEqual(250);
    for (const source of HELDOUT_SOURCES) {
      expect(m.bySource[source].positives, source).toBeGreaterThan(0);
      expect(m.bySource[source].negatives, source).toBeGreaterThan(0);
    }
  });

  it(`redacts at least ${RECALL_FLOOR_PCT} % of the secrets (69.14 % before issue 38; the figure is printed)`, () => {
    expect(
      m.all.recallPct,
      m.all.misses
        .slice(0, 10)
        .map((p) => `${p.source}/${p.rule}: ${sample(p.text)}`)
        .join('\n'),
    ).toBeGreaterThanOrEqual(RECALL_FLOOR_PCT);
  });

  it(`changes at most ${FALSE_POSITIVE_CEILING_PCT} % of the look-alikes (6.56 % before issue 38; the figure is printed)`, () => {
    expect(
      m.all.falsePositivePct,
      m.all.falsePositives
        .slice(0, 10)
        .map((n) => `${n.source}/${n.rule}: ${sample(n.text)}`)
        .join('\n'),
    ).toBeLessThanOrEqual(FALSE_POSITIVE_CEILING_PCT);
  });
});
