// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import {
  loadToolOutputCorpus,
  measureToolOutputs,
  readToolOutputEntries,
  toolsOf,
  type ToolOutputFigures,
} from '../../../tests/fixtures/redaction-tool-outputs';
import { Redactor } from '../redaction';
import { outwardOutput } from './outward-view';

/**
 * The tool-output corpus (tests/fixtures/redaction-tool-outputs/NOTICE.md): what real tools print when
 * they hand out a secret, and what they print when they do not, collected from outside the project and
 * measured without reading or changing a rule. This file checks that the fixture is well formed and
 * prints the figure per tool; it deliberately asserts no recall or false-positive threshold, because a
 * threshold here would invite tuning the rules on these misses, and then the set is no longer held out.
 *
 * It is measured through the outward gate (`outwardOutput`), which is what leaves the machine: the command
 * line decides whether the whole output is withheld (`pass show`, `vault kv get -field` …), then the text
 * rules run over the rest. The text redactor alone is printed too, for comparison.
 */
const redactor = new Redactor();
const corpus = loadToolOutputCorpus();
const tools = toolsOf(corpus);
const m = measureToolOutputs((command, output) => outwardOutput(command, output, redactor).text, corpus);
const textOnly = measureToolOutputs((_command, output) => redactor.redact(output).text, corpus);
const here = new URL('../../../tests/fixtures/redaction-tool-outputs/', import.meta.url);
const raw = [...readToolOutputEntries(here, 'positives.json'), ...readToolOutputEntries(here, 'negatives.json')];

const line = (name: string, f: ToolOutputFigures): string =>
  `${name.padEnd(12)} recall ${f.positives ? `${f.recallPct.toFixed(1).padStart(5)} % of ${String(f.positives).padEnd(3)}` : '   —          '}` +
  `   false positives ${f.negatives ? `${f.falsePositivePct.toFixed(1).padStart(5)} % of ${f.negatives}` : '—'}`;

/** For information only: AWS's documentation marks its sample values with EXAMPLE; how much of the figure that is. */
const noExample = corpus.positives.filter((p) => !p.excluded && !p.secrets.some((s) => s.includes('EXAMPLE')));
const noExampleCaught = noExample.filter((p) => !m.all.misses.includes(p)).length;

const short = (text: string): string => JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text);

console.log(
  [
    'tool-output redaction corpus (held out; (command, output) measured through the outward gate):',
    ...tools.map((t) => `  ${line(t, m.bySource[t]!)}`),
    `  ${line('all', m.all)}`,
    `  ${line('text alone', textOnly.all)}`,
    `  (for information: ${noExampleCaught} of the ${noExample.length} positives whose secrets hold no "EXAMPLE" are caught)`,
    `  excluded positives: ${m.excludedPositives} (${m.excludedPositivesRedacted} redacted anyway); excluded negatives: ${m.excludedNegatives} (${m.excludedNegativesChanged} changed)`,
    `  misses (${m.all.misses.length}):`,
    ...m.all.misses.map(
      (p) =>
        `    ${p.source} | ${p.command} | left: ${p.secrets
          .filter((s) => outwardOutput(p.command, p.text, redactor).text.includes(s))
          .map(short)
          .join(', ')}`,
    ),
    `  false positives (${m.all.falsePositives.length}):`,
    ...m.all.falsePositives.map((n) => `    ${n.source} | ${n.command}`),
  ].join('\n'),
);

describe('tool-output redaction corpus', () => {
  it('has enough samples, from enough tools, to say something', () => {
    expect(m.all.positives).toBeGreaterThanOrEqual(80);
    expect(m.all.negatives).toBeGreaterThanOrEqual(60);
    const counted = tools.filter((t) => m.bySource[t]!.positives + m.bySource[t]!.negatives > 0);
    expect(counted.length).toBeGreaterThanOrEqual(25);
  });

  it('names, for every sample, its tool, the command that printed it and where it was taken from', () => {
    for (const e of raw) {
      expect(e.tool, e.command).toMatch(/^[a-z0-9][a-z0-9-]*$/);
      expect(e.command.trim(), e.text.slice(0, 60)).not.toBe('');
      expect(e.source, e.command).toMatch(/^https:\/\/\S+$/);
      expect(e.text.trim(), e.command).not.toBe('');
      if (e.excluded !== undefined) expect(e.excluded.length, e.command).toBeGreaterThan(20);
    }
  });

  it('gives every positive at least one secret, each a distinct substring of its text', () => {
    for (const p of corpus.positives) {
      expect(p.secrets.length, p.command).toBeGreaterThan(0);
      expect(new Set(p.secrets).size, p.command).toBe(p.secrets.length);
      for (const s of p.secrets) {
        expect(s.trim(), p.command).not.toBe('');
        expect(p.text.includes(s), `${p.command}: ${short(s)}`).toBe(true);
      }
    }
  });

  it('gives no negative a secret field', () => {
    const negatives = readToolOutputEntries(here, 'negatives.json');
    expect(negatives.filter((n) => n.secrets !== undefined).map((n) => n.command)).toEqual([]);
  });

  it('holds no sample twice', () => {
    const texts = raw.map((e) => e.text);
    expect(texts.filter((t, i) => texts.indexOf(t) !== i).map(short)).toEqual([]);
  });

  it('counts a sample in exactly one tool, and an excluded one in none', () => {
    const perTool = tools.reduce((n, t) => n + m.bySource[t]!.positives + m.bySource[t]!.negatives, 0);
    expect(perTool).toBe(m.all.positives + m.all.negatives);
    expect(m.all.positives + m.excludedPositives).toBe(corpus.positives.length);
    expect(m.all.negatives + m.excludedNegatives).toBe(corpus.negatives.length);
  });
});
