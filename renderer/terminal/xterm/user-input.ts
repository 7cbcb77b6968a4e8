// SPDX-License-Identifier: MIT

const USER_EVENTS = [
  'keydown',
  'keypress',
  'beforeinput',
  'input',
  'compositionend',
  'paste',
  'mousedown',
  'mouseup',
  'mousemove',
  'wheel',
  'focusin',
  'focusout',
] as const;
const USER_EVENT_WINDOW_MS = 150;

/**
 * When the user last pressed a key, clicked, scrolled or pasted in a terminal. Everything xterm
 * wants to send within a moment of such an event is the user's; otherwise xterm generated it (a
 * reply to DA, DSR, a colour query…), and with several windows on one pty every xterm replies and
 * only one window's replies may reach the program. IME composition and focus reports arrive a
 * tick after their event, hence a window of time, not a flag.
 */
export class UserInputClock {
  private _last = -Infinity;

  /** Listens on the terminal's element in the capture phase, before xterm turns the event into input. */
  watch(element: HTMLElement): void {
    for (const type of USER_EVENTS) element.addEventListener(type, this.note, true);
  }

  /** Counts as a user event (a paste from the menu or the palette). */
  readonly note = (): void => {
    this._last = performance.now();
  };

  /** Whether what xterm sends now is its own reply rather than the user's input. */
  isReply(): boolean {
    return performance.now() - this._last > USER_EVENT_WINDOW_MS;
  }
}
