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

export const omittedLinesMarker = (count: number): string => `... (${count} lines omitted) ...`;

export interface Truncated {
  readonly text: string;
  readonly omittedLines: number;
}

/** Head/tail truncation over already-split lines. */
export const truncateLineList = (lines: readonly string[], limits: LineLimits = DEFAULT_LINE_LIMITS): Truncated => {
  if (lines.length <= limits.maxLines) return { text: lines.join('\n'), omittedLines: 0 };
  const head = lines.slice(0, limits.headLines);
  const tail = limits.tailLines > 0 ? lines.slice(lines.length - limits.tailLines) : [];
  const omitted = lines.length - head.length - tail.length;
  return { text: [...head, omittedLinesMarker(omitted), ...tail].join('\n'), omittedLines: omitted };
};

/** Clean text → visible lines → head/tail truncation. */
export const truncateOutput = (cleanText: string, limits: LineLimits = DEFAULT_LINE_LIMITS): Truncated =>
  truncateLineList(visibleLines(cleanText), limits);

export interface CappedOutput extends Truncated {
  readonly omittedChars: number;
}

/**
 * Lines alone do not bound size: one minified bundle or a base64 blob is a single 5 MB line.
 * After the line cut, the middle of whatever is still longer than `maxChars` goes too.
 */
export const capOutput = (cleanText: string, limits: LineLimits & { readonly maxChars: number }): CappedOutput => {
  const byLines = truncateOutput(cleanText, limits);
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
