// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { fillPlaceholders, loadTldrSample } from '../../../tests/fixtures/tldr-sample';
import { classifyCommand } from './classify';

type CommandRisk = Awaited<ReturnType<typeof classifyCommand>>['risk'];

/**
 * Judged on command examples written by others (tldr-pages, CC-BY 4.0, labelled by hand from the
 * issue's wording: tests/fixtures/tldr-sample/NOTICE.md), not on examples written for the rules.
 */
describe('classifyCommand on an outside sample (tldr pages)', () => {
  it('fills tldr placeholders with their first alternative', () => {
    expect(fillPlaceholders('rm {{[-r|--recursive]}} {{path/to/a path/to/b ...}}')).toBe('rm -r path/to/a path/to/b');
    expect(fillPlaceholders('du -{{b|k|m}} {{dir}}')).toBe('du -b dir');
  });

  it('finds the destructive examples, never calls one safe, and lets read-only ones through', async () => {
    const sample = loadTldrSample();
    const results: { line: string; expected: string; got: CommandRisk }[] = [];
    for (const example of sample) results.push({ ...example, got: (await classifyCommand(example.line)).risk });

    const labelled = (risk: string) => results.filter((r) => r.expected === risk);
    const destructive = labelled('destructive');
    const flagged = results.filter((r) => r.got === 'destructive');
    const readOnly = labelled('read-only');
    const recall = destructive.filter((r) => r.got === 'destructive').length / destructive.length;
    const precision = flagged.filter((r) => r.expected === 'destructive').length / flagged.length;
    const readOnlyRecall = readOnly.filter((r) => r.got === 'read-only').length / readOnly.length;
    const misses = results.filter((r) => r.got !== r.expected).map((r) => `  ${r.expected} → ${r.got}: ${r.line}`);
    console.log(
      `tldr sample: ${results.length} examples; destructive recall ${destructive.length ? recall.toFixed(3) : '-'} ` +
        `(${destructive.length} labelled), precision ${precision.toFixed(3)} (${flagged.length} flagged), ` +
        `read-only recall ${readOnlyRecall.toFixed(3)} (${readOnly.length} labelled)\n${misses.join('\n')}`,
    );

    // No false "safe": a labelled destructive example must never come out read-only.
    expect(destructive.filter((r) => r.got === 'read-only')).toEqual([]);
    expect(destructive.length).toBeGreaterThan(40);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(readOnlyRecall).toBeGreaterThanOrEqual(0.9);
  });
});
