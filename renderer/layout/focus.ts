// SPDX-License-Identifier: MIT
import { useAssistant } from '../state/assistant';
import { useTabs } from '../state/tabs';
import { controllerFor } from '../terminal/terminals';

/**
 * Keystrokes must always land somewhere visible. After a tab click, a close or a dialog the DOM
 * element that had focus may be gone (focus falls to <body> and typing is silently lost), so the
 * active terminal takes focus back, one frame later, once React has mounted its view.
 */
export const focusActiveTerminal = (): void => {
  requestAnimationFrame(() => {
    const id = useTabs.getState().activeId;
    if (id) controllerFor(id)?.focus();
  });
};

/** True when focus is inside the assistant pane (its composer, messages or controls). */
const inAssistant = (): boolean => document.activeElement?.closest('[data-testid="assistant-pane"]') != null;

/** Ctrl+Shift+E: from the terminal to the assistant's composer (opening it), and back. */
export const switchFocus = (): void => {
  if (inAssistant()) return focusActiveTerminal();
  useAssistant.getState().setOpen(true);
  useAssistant.getState().requestFocus();
};
