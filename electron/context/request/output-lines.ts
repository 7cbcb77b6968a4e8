// SPDX-License-Identifier: MIT
import { visibleLines } from './visible-lines';

export interface LineLimits {
  /** Above this many lines the output is cut to head + marker + tail. */
  readonly maxLines: number;
  readonly headLines: number;
  readonly tailLines: number;
}

/** The seed's values: more than 20 lines become the first 10, a marker and the last 10. */
export const DEFAULT_LINE_LIMITS: LineLimits = { maxLines: 20, headLines: 10, tailLines: 10 };

const omittedLinesMarker = (count: number, atLeast = false): string => `... (${atLeast ? 'at least ' : ''}${count} lines omitted) ...`;

export interface Truncated {
  readonly text: string;
  readonly omittedLines: number;
}

/**
 * What the text in hand does not hold of the whole output (see recorded-lines.ts): lines the
 * store's excerpt already left out, which a cut must add to its own count.
 */
export interface Missing {
  readonly lines: number;
  /** The whole output's count is itself a lower bound. */
  readonly atLeast?: boolean;
}

const NONE: Missing = { lines: 0 };

/** Head/tail truncation over already-split lines. */
export const truncateLineList = (
  lines: readonly string[],
  limits: LineLimits = DEFAULT_LINE_LIMITS,
  missing: Missing = NONE,
): Truncated => {
  if (lines.length <= limits.maxLines) return { text: lines.join('\n'), omittedLines: 0 };
  const head = lines.slice(0, limits.headLines);
  const tail = limits.tailLines > 0 ? lines.slice(lines.length - limits.tailLines) : [];
  const omitted = lines.length - head.length - tail.length + missing.lines;
  const atLeast = missing.lines > 0 && missing.atLeast === true;
  return { text: [...head, omittedLinesMarker(omitted, atLeast), ...tail].join('\n'), omittedLines: omitted };
};

/** Clean text → visible lines → head/tail truncation. */
export const truncateOutput = (cleanText: string, limits: LineLimits = DEFAULT_LINE_LIMITS, missing: Missing = NONE): Truncated =>
  truncateLineList(visibleLines(cleanText), limits, missing);

export interface CappedOutput extends Truncated {
  readonly omittedChars: number;
}

/**
 * Lines alone do not bound size: one minified bundle or a base64 blob is a single 5 MB line.
 * After the line cut, the middle of whatever is still longer than `maxChars` goes too.
 */
export const capOutput = (cleanText: string, limits: LineLimits & { readonly maxChars: number }, missing: Missing = NONE): CappedOutput => {
  const byLines = truncateOutput(cleanText, limits, missing);
  if (byLines.text.length <= limits.maxChars) return { ...byLines, omittedChars: 0 };
  return { ...capChars(byLines.text, limits.maxChars), omittedLines: byLines.omittedLines };
};

export const capChars = (text: string, maxChars: number): { text: string; omittedChars: number } => {
  if (text.length <= maxChars) return { text, omittedChars: 0 };
  const keep = Math.max(0, maxChars - 40);
  const head = Math.ceil(keep / 2);
  const tail = keep - head;
  const omitted = text.length - head - tail;
  const end = tail > 0 ? text.slice(text.length - tail) : '';
  return { text: `${text.slice(0, head)}\n... (${omitted} chars omitted) ...\n${end}`, omittedChars: omitted };
};
