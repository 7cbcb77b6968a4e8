// SPDX-License-Identifier: MIT
import { FIRST_TERMINAL_SIZE } from '../../shared/terminal/first-size';
import { ScreenMirror } from '../pty/screen-mirror';
import type { KeptScreen } from './screen-keeper';

/** Any switch to or from the alternate screen (xterm's three spellings, possibly among other modes). */
const ALT_SWITCH = /\x1b\[\?(?:[0-9;]*;)?(?:1049|1047|47)(?:;[0-9;]*)?([hl])/g;

/**
 * Where the normal screen's output begins in a tail of recorded output: a tail cut inside a
 * full-screen program (vim, less) starts with what it drew on the alternate screen, and the first
 * switch the tail holds is then the one back. A tail cut anywhere else starts mid-line: from the
 * next line on.
 */
const normalStart = (bytes: string, cut: boolean): number => {
  const first = [...bytes.matchAll(ALT_SWITCH)][0];
  if (first?.[1] === 'l') return first.index;
  if (!cut) return 0;
  const line = bytes.indexOf('\n');
  return line < 0 ? 0 : line + 1;
};

/**
 * Where the normal screen's output ends: a full-screen program still running when its session
 * ended (`unfinishedFrom`: where that command's output begins) was killed with it, and what it
 * printed after leaving the alternate screen is its goodbye to the signal ("Vim: Caught deadly
 * signal HUP… Vim: Finished."), printed after the screen the user last saw.
 */
const normalEnd = (bytes: string, unfinishedFrom: number | undefined): number => {
  if (unfinishedFrom === undefined) return bytes.length;
  const last = [...bytes.slice(Math.max(0, unfinishedFrom)).matchAll(ALT_SWITCH)].at(-1);
  return last?.[1] === 'l' ? Math.max(0, unfinishedFrom) + last.index + last[0].length : bytes.length;
};

/**
 * The screen a terminal showed, rebuilt from its recorded output when none was kept (a session
 * some command was forgotten from, whose kept screen went with it; a workspace from before screens
 * were kept): the bytes go through the same headless xterm.js the live mirror is, so the normal
 * buffer comes out as it was drawn, without what full-screen programs drew on the alternate
 * screen (vim's `~` rows), which replaying the text as plain lines showed.
 * `cut`: the tail does not begin at the session's start.
 */
export const rebuiltScreen = async (
  output: Buffer,
  options: { readonly cut: boolean; readonly keep: number; readonly unfinishedFrom?: number | undefined },
): Promise<KeptScreen> => {
  // Latin-1: one character a byte, so indices found here cut the bytes (the switches are ASCII).
  const bytes = output.toString('latin1');
  const mirror = new ScreenMirror(FIRST_TERMINAL_SIZE.cols, FIRST_TERMINAL_SIZE.rows);
  try {
    mirror.write(output.subarray(normalStart(bytes, options.cut), normalEnd(bytes, options.unfinishedFrom)).toString('utf8'));
    // Parsed at its width; the kept lines are then placed again at whatever width shows them.
    const { data } = await mirror.snapshot(options.keep);
    return { data, marks: [] };
  } finally {
    mirror.dispose();
  }
};
