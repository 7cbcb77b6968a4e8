// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';
import type { TrimTarget } from '../../../shared/terminal/scrolled-off';

/**
 * How much xterm.js parses between two looks at its 12 ms budget. It looks only between writes, so
 * a parse task runs 12 ms plus one slice. At one output batch (128K characters) a Chromium trace
 * of a 20 MB `cat` on the loaded 2-core machine showed xterm's write tasks of 43–253 ms (the
 * longest tasks of the flood, `longtask_max_ms` 122 without the trace); a quarter of that
 * bounds the overshoot to a few ms on a quiet machine, and costs one more call per 32K.
 */
const PARSE_SLICE_CHARS = 32 * 1024;

/**
 * The page's terminal as the scrolled-off trimming sees it, with every write handed to xterm.js in
 * slices. xterm checks its 12 ms parse budget only between writes, so one joined write of a flood
 * (CoalescedWrites: up to the flow-control window) would be parsed without a frame painted in
 * between, as one long task; sliced, a frame can be painted every ~12 ms of parsing. xterm carries
 * a sequence or a surrogate pair cut between two writes over.
 */
export const slicedTarget = (term: Terminal, slice = PARSE_SLICE_CHARS): TrimTarget => ({
  get rows() {
    return term.rows;
  },
  parser: term.parser,
  write(data: string, parsed?: () => void): void {
    let at = 0;
    for (; data.length - at > slice; at += slice) term.write(data.slice(at, at + slice));
    term.write(at === 0 ? data : data.slice(at), parsed);
  },
});
