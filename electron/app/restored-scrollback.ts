// SPDX-License-Identifier: MIT
import { stripVTControlCharacters } from 'node:util';

/** Lines of earlier output a restored pane shows. */
const RESTORED_LINES = 200;

/**
 * A restored pane's earlier output as it is shown above the new shell: plain text (the old
 * colours and cursor moves would replay against a fresh screen), dimmed, the last lines only
 * (the first one may be cut mid-line), then a divider saying what it is. Empty history: nothing.
 */
export const plainScrollback = (output: string, label: string): string => {
  const text = stripVTControlCharacters(output)
    .replace(/\r+\n/g, '\n')
    // A carriage return without a newline redraws the line (progress bars): keep the last state.
    .split('\n')
    .map((line) => line.slice(line.lastIndexOf('\r') + 1))
    // Other control characters (bells, backspaces, a lone ESC) would act on the new screen.
    .map((line) => line.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, ''));
  while (text.length > 0 && text.at(-1)!.trim() === '') text.pop();
  if (text.length === 0) return '';
  const lines = text.slice(-RESTORED_LINES);
  return `\x1b[2m${lines.join('\r\n')}\x1b[0m\r\n\x1b[2m── ${label} ──\x1b[0m\r\n`;
};
