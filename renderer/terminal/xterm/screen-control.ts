// SPDX-License-Identifier: MIT
import type { IDisposable, Terminal } from '@xterm/xterm';

/** What the output just did to the screen, as far as the sticky command header cares. */
export interface ScreenControlHandlers {
  /**
   * The output positioned the cursor (CUP, HVP, CUU, VPA, ED, DECSTBM) or switched to the
   * alternate screen: a full-screen program (top, a progress display) is drawing, not printing lines.
   */
  readonly address: (alternateScreen: boolean) => void;
  /** The output erased the screen or the scrollback (ED 2, ED 3) or reset the terminal (RIS, ESC c). */
  readonly clear: (reset: boolean) => void;
}

/** DECSET modes that switch to the alternate screen. */
const ALTERNATE_MODES = new Set([47, 1047, 1049]);
/** CSI finals that move the cursor to another row or erase the display. */
const ADDRESSING_FINALS = ['H', 'f', 'A', 'd', 'r'] as const;

/**
 * Watches xterm.js's parser for cursor addressing and screen clears. Each handler returns false,
 * so xterm still runs its own; they run before it, while the buffer is as it was (the cursor row
 * and viewport the sequence acts on). Nothing is reported while `muted` (a snapshot being painted).
 */
export const watchScreenControl = (term: Terminal, handlers: ScreenControlHandlers, muted: () => boolean): IDisposable => {
  const { parser } = term;
  const alternate = () => term.buffer.active.type === 'alternate';
  const subscriptions: IDisposable[] = [
    ...ADDRESSING_FINALS.map((final) =>
      parser.registerCsiHandler({ final }, () => {
        if (!muted()) handlers.address(alternate());
        return false;
      }),
    ),
    parser.registerCsiHandler({ final: 'J' }, (params) => {
      if (muted()) return false;
      handlers.address(alternate());
      const mode = params[0];
      // ED 2 and 3 erase the normal screen only while it is the active one.
      if ((mode === 2 || mode === 3) && !alternate()) handlers.clear(false);
      return false;
    }),
    parser.registerCsiHandler({ prefix: '?', final: 'h' }, (params) => {
      if (!muted() && params.some((mode) => typeof mode === 'number' && ALTERNATE_MODES.has(mode))) handlers.address(true);
      return false;
    }),
    parser.registerEscHandler({ final: 'c' }, () => {
      if (!muted()) handlers.clear(true);
      return false;
    }),
  ];
  return { dispose: () => subscriptions.splice(0).forEach((subscription) => subscription.dispose()) };
};
