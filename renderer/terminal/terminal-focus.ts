// SPDX-License-Identifier: MIT
import { activeTerminalId } from '../state/workspace';
import { controllerFor } from './terminals';

/**
 * Keystrokes must always land somewhere visible. After a tab click, a close or a dialog the DOM
 * element that had focus may be gone (focus falls to <body> and typing is silently lost), so the
 * active terminal takes focus back: at once when its view is in the page (keys typed right after
 * Escape must not fall to <body> while a frame is pending, and a busy or hidden page delays
 * frames), else one frame later, once React has mounted its view.
 */
export const focusActiveTerminal = (): void => {
  const before = document.activeElement;
  const focusActive = (): void => {
    const id = activeTerminalId();
    if (id) controllerFor(id)?.focus();
  };
  focusActive();
  if (document.activeElement?.closest('.xterm')) return;
  requestAnimationFrame(() => {
    // A field that took the focus in the meantime (a double-click opened the tab's name editor),
    // or a menu or dialog that opened since, was chosen by the user after this request: leave it there.
    const now = document.activeElement;
    if (
      now !== before &&
      now?.matches('input, textarea, select, [contenteditable="true"], [role="menu"] *, [role="dialog"] *') &&
      !now.closest('.xterm')
    )
      return;
    focusActive();
  });
};
