// SPDX-License-Identifier: MIT
// Terminal text is cleaned once, by the segmenter's cleanOutput (escape sequences, progress bars);
// this only splits clean text into the lines the context shows.

/**
 * What a terminal shows for one line written with carriage returns: each segment overwrites the start
 * of the previous one, so a progress bar ends up as its last state instead of every intermediate frame.
 */
const collapseCarriageReturns = (line: string): string => {
  if (!line.includes('\r')) return line;
  let shown = '';
  for (const segment of line.split('\r')) shown = segment + shown.slice(segment.length);
  return shown;
};

/** Splits clean text into the visible, non-blank lines (blank lines carry nothing for a model). */
export const visibleLines = (text: string): string[] => {
  const lines: string[] = [];
  for (const raw of text.split('\n')) {
    const line = collapseCarriageReturns(raw.endsWith('\r') ? raw.replace(/\r+$/, '') : raw);
    if (line.trim() !== '') lines.push(line);
  }
  return lines;
};
