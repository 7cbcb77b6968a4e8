// SPDX-License-Identifier: MIT
import { diffLines } from 'diff';

/** At most this many lines of each side are diffed: past that a line diff is slow and unreadable. */
export const DIFF_MAX_LINES = 5000;
/** … and at most this many characters of each side. */
const DIFF_MAX_CHARS = 1024 * 1024;
/** Unchanged lines kept around each change; longer unchanged runs fold into one row. */
const DIFF_CONTEXT = 3;
/** A diff that takes longer gives up (jsdiff's timeout) rather than freeze the window. */
const DIFF_TIMEOUT_MS = 3000;

export type DiffLine = { readonly kind: 'same' | 'added' | 'removed'; readonly text: string };

type DiffRow = DiffLine | { readonly kind: 'folded'; readonly lines: readonly DiffLine[] };

export interface OutputDiff {
  readonly rows: readonly DiffRow[];
  readonly added: number;
  readonly removed: number;
  /** Which sides were cut to DIFF_MAX_LINES / DIFF_MAX_CHARS before diffing. */
  readonly cut: { readonly before: boolean; readonly after: boolean };
  /** True when the outputs were too different to diff in time: `rows` is then empty. */
  readonly gaveUp: boolean;
}

/** The first DIFF_MAX_LINES lines and DIFF_MAX_CHARS characters of `text`, every line ending in `\n`. */
export const capSide = (text: string): { text: string; cut: boolean } => {
  let kept = text.length > DIFF_MAX_CHARS ? text.slice(0, DIFF_MAX_CHARS) : text;
  let cut = kept.length < text.length;
  let at = -1;
  for (let line = 0; line < DIFF_MAX_LINES; line++) {
    at = kept.indexOf('\n', at + 1);
    if (at < 0) break;
  }
  if (at >= 0 && at < kept.length - 1) {
    kept = kept.slice(0, at + 1);
    cut = true;
  }
  // A last line without its newline would differ from the same line with one.
  if (kept !== '' && !kept.endsWith('\n')) kept += '\n';
  return { text: kept, cut };
};

const linesOf = (value: string): string[] => {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

/** Folds unchanged runs longer than the context on both sides into one row each. */
const fold = (lines: readonly DiffLine[], context: number): DiffRow[] => {
  const rows: DiffRow[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.kind !== 'same') {
      rows.push(lines[i++]!);
      continue;
    }
    let end = i;
    while (end < lines.length && lines[end]!.kind === 'same') end++;
    const keepBefore = i === 0 ? 0 : context;
    const keepAfter = end === lines.length ? 0 : context;
    if (end - i > keepBefore + keepAfter + 1) {
      rows.push(...lines.slice(i, i + keepBefore));
      rows.push({ kind: 'folded', lines: lines.slice(i + keepBefore, end - keepAfter) });
      rows.push(...lines.slice(end - keepAfter, end));
    } else {
      rows.push(...lines.slice(i, end));
    }
    i = end;
  }
  return rows;
};

/** A line diff of two runs' clean output, `before` the older run's: removed lines were only in it. */
export const diffOutputs = (before: string, after: string, context = DIFF_CONTEXT): OutputDiff => {
  const a = capSide(before);
  const b = capSide(after);
  const cut = { before: a.cut, after: b.cut };
  const changes = diffLines(a.text, b.text, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return { rows: [], added: 0, removed: 0, cut, gaveUp: true };
  const lines: DiffLine[] = [];
  for (const change of changes) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    for (const text of linesOf(change.value)) lines.push({ kind, text });
  }
  const added = lines.filter((line) => line.kind === 'added').length;
  const removed = lines.filter((line) => line.kind === 'removed').length;
  return { rows: fold(lines, context), added, removed, cut, gaveUp: false };
};
