// SPDX-License-Identifier: MIT
import { addCounts, type Redactor } from '../context/redaction';
import { cleanOutput } from '../segmenter/clean-text';
import type { RedactionCounts } from '../../shared/ipc/context';

export interface RedactedOutput {
  readonly text: string;
  /** False when the colours had to go: a secret was split by escape sequences (see below). */
  readonly coloured: boolean;
  readonly counts: RedactionCounts;
}

/**
 * Raw terminal output (escape sequences and all) with its secrets replaced, colours kept where
 * that is safe. The redactor is written for clean text: a colour code inside a token hides it from
 * the patterns. So the raw text is redacted, then what it would show (cleaned) is checked again; if
 * a secret is still visible there, the clean text, redacted, is given instead, without colours.
 */
export const redactRawOutput = (raw: string, redactor: Redactor): RedactedOutput => {
  if (!redactor.enabled) return { text: raw, coloured: true, counts: {} };
  const first = redactor.redact(raw);
  const shown = redactor.redact(cleanOutput(first.text));
  if (Object.keys(shown.counts).length === 0) return { text: first.text, coloured: true, counts: first.counts };
  const plain = redactor.redact(cleanOutput(raw));
  return { text: plain.text, coloured: false, counts: addCounts({}, plain.counts) };
};

const PLACEHOLDER = /\[REDACTED:[^\]\n]{1,40}\]/g;

interface Replacement {
  /** Where the secret was in the original. */
  readonly from: number;
  readonly to: number;
  /** Where its placeholder is in the redacted text. */
  readonly at: number;
  readonly end: number;
}

/**
 * Where `redacted` (the original with some spans replaced by placeholders) took its placeholders
 * from in `original`: between placeholders the two are equal, so each following stretch is looked
 * for after the last one. A wrong guess (a following stretch also inside the secret) only moves a
 * boundary in time; the text given out is always `redacted`'s.
 */
const replacements = (original: string, redacted: string): Replacement[] => {
  const found: Replacement[] = [];
  let o = 0;
  let r = 0;
  for (const match of redacted.matchAll(PLACEHOLDER)) {
    const at = match.index;
    o += at - r;
    const end = at + match[0].length;
    const rest = redacted.slice(end);
    const nextAt = rest.search(PLACEHOLDER);
    const next = nextAt >= 0 ? rest.slice(0, nextAt) : rest;
    const to = next === '' ? (end === redacted.length ? original.length : o) : original.indexOf(next, o);
    if (to < 0) return [...found, { from: o, to: original.length, at, end }];
    // A placeholder that was in the original text already replaced nothing.
    if (original.slice(o, to) !== match[0]) found.push({ from: o, to, at, end });
    o = to;
    r = end;
  }
  return found;
};

/**
 * Maps positions in `original` to positions in `redacted`: equal stretches map one to one, and a
 * position inside a replaced secret maps to its placeholder's end, so a placeholder is never cut.
 */
export const mapPositions = (original: string, redacted: string, positions: readonly number[]): number[] => {
  if (original === redacted) return [...positions];
  const spans = replacements(original, redacted);
  let last = 0;
  return positions.map((position) => {
    let shift = 0;
    let mapped: number | undefined;
    for (const span of spans) {
      if (position <= span.from) break;
      if (position < span.to) {
        mapped = span.end;
        break;
      }
      shift = span.end - span.to;
    }
    last = Math.max(last, Math.min(redacted.length, mapped ?? position + shift));
    return last;
  });
};
