// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import {
  loadOutsideCorpus,
  measureOutside,
  OUTSIDE_SOURCES,
  type OutsideFigures,
  type OutsideSource,
} from '../../../tests/fixtures/redaction-outside';
import { Redactor } from './redactor';

/**
 * The held-out check: gitleaks' and secretlint's own rule samples and real tools' output, none of it
 * written against these rules (tests/fixtures/redaction-outside/NOTICE.md). The project's generated
 * corpus (redaction-corpus.test.ts) is what the rules were tuned on; this is the second opinion.
 */
/**
 * Per source, so a regression in a small source cannot hide in the pooled figure. secretlint's
 * snapshots count as secrets 8 values the README promises to leave alone (`user:pass` in URLs,
 * `hf_xxxx…`, `…EXAMPLE`, a `TXXXXX/BXXXXX/XXXXXXXXXX` webhook), hence its lower floor.
 */
const RECALL_FLOOR: Readonly<Record<OutsideSource, number>> = { gitleaks: 99, secretlint: 90, 'tool-formats': 99 };

const redactor = new Redactor();
const corpus = loadOutsideCorpus();
const m = measureOutside((text) => redactor.redact(text).text, corpus);

const line = (name: string, f: OutsideFigures): string =>
  `${name.padEnd(13)} recall ${f.recallPct.toFixed(2)} % of ${f.positives}   false positives ${f.falsePositivePct.toFixed(2)} % of ${f.negatives}`;

const sample = (text: string): string => JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text);

console.log(
  [
    'outside redaction corpus (held out):',
    ...OUTSIDE_SOURCES.map((s) => `  ${line(s, m.bySource[s])}`),
    `  ${line('all', m.all)}`,
    `  excluded look-alikes that hold a credential: ${m.excludedNegatives} (${m.excludedNegativesChanged} redacted)`,
  ].join('\n'),
);

describe('outside redaction corpus', () => {
  it('has samples from every source', () => {
    for (const source of OUTSIDE_SOURCES) {
      expect(m.bySource[source].positives, source).toBeGreaterThanOrEqual(100);
      expect(m.bySource[source].negatives, source).toBeGreaterThanOrEqual(100);
    }
  });

  it('redacts at least 99.5 % of the secrets, and no source falls below its floor', () => {
    const misses = m.all.misses.slice(0, 10).map((p) => `${p.source}/${p.rule}: ${sample(p.text)}`);
    expect(m.all.recallPct, misses.join('\n')).toBeGreaterThanOrEqual(99.5);
    for (const source of OUTSIDE_SOURCES) expect(m.bySource[source].recallPct, source).toBeGreaterThanOrEqual(RECALL_FLOOR[source]);
  });

  // Issue 38's targets overall (99.5 % / 1.5 %); a source alone may reach 3 % (gitleaks' near misses keep a real prefix).
  it('changes at most 1.5 % of the look-alikes overall, and at most 3 % from each source', () => {
    const fps = m.all.falsePositives.slice(0, 10).map((n) => `${n.source}/${n.rule}: ${sample(n.text)}`);
    expect(m.all.falsePositivePct, fps.join('\n')).toBeLessThanOrEqual(1.5);
    for (const source of OUTSIDE_SOURCES) expect(m.bySource[source].falsePositivePct, source).toBeLessThanOrEqual(3);
  });
});
