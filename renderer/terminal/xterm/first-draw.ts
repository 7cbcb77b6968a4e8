// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';

/** What is read of a terminal to know it drew something. */
export type DrawnTerm = Pick<Terminal, 'buffer' | 'onWriteParsed'>;

/** Whether a terminal shows output already: its cursor left the first cell, or lines scrolled off. */
const hasOutput = (term: DrawnTerm): boolean => {
  const buffer = term.buffer.active;
  return buffer.cursorX > 0 || buffer.cursorY > 0 || buffer.baseY > 0;
};

/**
 * Calls `done` once, from the frame after `term` first drew output (its prompt, most often), or
 * after `capMs` for a shell that prints nothing; without a terminal, after `capMs`. Two frames: the
 * first is the one xterm.js paints the parsed output in. Returns the cancel.
 */
export const whenDrawn = (term: DrawnTerm | undefined, capMs: number, done: () => void): (() => void) => {
  let over = false;
  let frame = 0;
  const finish = () => {
    if (over) return;
    cancel();
    done();
  };
  const cap = setTimeout(finish, capMs);
  const afterPaint = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => (frame = requestAnimationFrame(finish)));
  };
  const parsed = term && !hasOutput(term) ? term.onWriteParsed(afterPaint) : undefined;
  if (term && !parsed) afterPaint();
  const cancel = () => {
    over = true;
    clearTimeout(cap);
    cancelAnimationFrame(frame);
    parsed?.dispose();
  };
  return cancel;
};
