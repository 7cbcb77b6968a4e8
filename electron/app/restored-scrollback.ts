// SPDX-License-Identifier: MIT
import { displayLine } from '../../shared/text/display-text';
import { cleanOutput } from '../segmenter/clean-text';

/** Lines of earlier output a restored pane shows. */
const RESTORED_LINES = 200;

/**
 * A restored pane's earlier output as it is shown above the new shell: plain text (the old
 * colours and cursor moves would replay against a fresh screen), dimmed, the last lines only
 * (the first one may be cut mid-line), then a divider saying what it is. Empty history: nothing.
 *
 * Everything written here reaches xterm.js, which acts on any control it meets: the output is
 * cleaned as the model's copy is (escape sequences, C0 and C1 controls gone, a redrawn line at its
 * last state), and the label, which names a directory any program could have chosen, is shown
 * with its controls as visible pictures.
 */
export const plainScrollback = (output: string, label: string): string => {
  const text = cleanOutput(output).split('\n');
  while (text.length > 0 && text.at(-1)!.trim() === '') text.pop();
  if (text.length === 0) return '';
  const lines = text.slice(-RESTORED_LINES);
  return `\x1b[2m${lines.join('\r\n')}\x1b[0m\r\n\x1b[2m── ${displayLine(label)} ──\x1b[0m\r\n`;
};
