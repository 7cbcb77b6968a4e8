// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { capSide, DIFF_MAX_LINES, diffOutputs, type OutputDiff } from './diff-model';

type DiffRow = OutputDiff['rows'][number];

/** As in diff-model.ts. */
const DIFF_MAX_CHARS = 1024 * 1024;

const numbered = (count: number, from = 1) => Array.from({ length: count }, (_, i) => `line ${i + from}\n`).join('');
const kinds = (rows: readonly DiffRow[]) =>
  rows.map((row) => (row.kind === 'folded' ? `folded ${row.lines.length}` : `${row.kind} ${row.text}`));

describe('diffOutputs', () => {
  it('marks the changed line as removed from the older run and added in the newer', () => {
    const diff = diffOutputs('alpha\nbeta\n', 'alpha\ngamma\n');
    expect(kinds(diff.rows)).toEqual(['same alpha', 'removed beta', 'added gamma']);
    expect(diff).toMatchObject({ added: 1, removed: 1, gaveUp: false, cut: { before: false, after: false } });
  });

  it('does not count a missing last newline as a change', () => {
    expect(diffOutputs('a\nb', 'a\nb\n')).toMatchObject({ added: 0, removed: 0 });
  });

  it('folds long unchanged runs, keeping three lines of context around each change', () => {
    const before = numbered(20);
    const after = before.replace('line 10\n', 'line ten\n');
    expect(kinds(diffOutputs(before, after).rows)).toEqual([
      'folded 6',
      'same line 7',
      'same line 8',
      'same line 9',
      'removed line 10',
      'added line ten',
      'same line 11',
      'same line 12',
      'same line 13',
      'folded 7',
    ]);
    // Identical outputs are one folded row.
    expect(kinds(diffOutputs(before, before).rows)).toEqual(['folded 20']);
    // A short unchanged run between changes stays whole.
    expect(kinds(diffOutputs('a\nx\nb\n', 'A\nx\nB\n').rows)).toEqual(['removed a', 'added A', 'same x', 'removed b', 'added B']);
  });

  it('diffs only the first lines of a long output and says which side was cut', () => {
    const long = numbered(DIFF_MAX_LINES + 10);
    const diff = diffOutputs('short\n', long);
    expect(diff.cut).toEqual({ before: false, after: true });
    expect(diff.added).toBe(DIFF_MAX_LINES);
  });
});

describe('capSide', () => {
  it('cuts at the line and character limits', () => {
    expect(capSide(numbered(3))).toEqual({ text: numbered(3), cut: false });
    expect(capSide(numbered(DIFF_MAX_LINES))).toEqual({ text: numbered(DIFF_MAX_LINES), cut: false });
    const huge = capSide('x'.repeat(DIFF_MAX_CHARS + 5));
    expect(huge.cut).toBe(true);
    expect(huge.text.length).toBe(DIFF_MAX_CHARS + 1);
    expect(capSide('')).toEqual({ text: '', cut: false });
  });
});
