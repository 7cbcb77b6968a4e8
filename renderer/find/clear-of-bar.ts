// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';

/**
 * Scrolls a terminal so its selected find match is not under the find bar. The bar stays at the
 * pane's top right (as VS Code's does); xterm.js's search addon scrolls only a match that is off
 * screen, so a match in the first rows was found and highlighted underneath the bar (issue 41).
 * Here the viewport moves up until the match's row is below the bar, as far as the scrollback
 * allows: a match in the buffer's very first rows, with nothing above to scroll to, stays where it is.
 */
export const scrollMatchClearOf = (term: Terminal, bar: Element): void => {
  const match = term.getSelectionPosition();
  const screen = term.element?.querySelector('.xterm-screen');
  if (!match || !screen || term.rows === 0) return;
  const area = screen.getBoundingClientRect();
  const covered = bar.getBoundingClientRect();
  const cellHeight = area.height / term.rows;
  const cellWidth = area.width / term.cols;
  if (cellHeight <= 0 || cellWidth <= 0) return;
  const { viewportY } = term.buffer.active;
  const row = match.start.y - viewportY;
  // Rows whose top lies above the bar's bottom edge are (partly) under it.
  const coveredRows = Math.ceil((covered.bottom - area.top) / cellHeight);
  if (row < 0 || row >= coveredRows) return;
  // Only where the match reaches under the bar: one at the row's left end is in plain sight.
  const lastColumn = match.end.y > match.start.y ? term.cols : match.end.x;
  const right = area.left + lastColumn * cellWidth;
  const left = area.left + (match.end.y > match.start.y ? 0 : match.start.x) * cellWidth;
  if (right <= covered.left || left >= covered.right) return;
  const by = Math.min(coveredRows - row, viewportY);
  if (by > 0) term.scrollLines(-by);
};
