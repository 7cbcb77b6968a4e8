// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';
import { OutputBatching } from '../../../shared/terminal/flow-control';
import type { TrimTarget } from '../../../shared/terminal/scrolled-off';

/**
 * The page's terminal as the scrolled-off trimming sees it, with every write handed to xterm.js in
 * slices of one output batch. xterm checks its 12 ms parse budget only between writes, so one
 * joined write of a flood (CoalescedWrites: up to the flow-control window) would be parsed
 * without a frame painted in between; sliced, the screen updates as often as with the batches
 * the server sends. xterm carries a sequence or a surrogate pair cut between two writes over.
 */
export const slicedTarget = (term: Terminal, slice = OutputBatching.MAX_CHARS): TrimTarget => ({
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
