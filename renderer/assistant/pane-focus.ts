// SPDX-License-Identifier: MIT
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { useAssistant } from './store/assistant-store';

/*
 * Focus moves between the terminal and the assistant. They live here, not in layout/ or terminal/,
 * because only the assistant knows both sides: terminal/ must not import the assistant.
 */

export const hideAssistant = (): void => {
  useAssistant.getState().setOpen(false);
  focusActiveTerminal();
};

/** True when focus is inside the assistant pane (its composer, messages or controls). */
const inAssistant = (): boolean => document.activeElement?.closest('[data-testid="assistant-pane"]') != null;

/** Ctrl+Shift+E: from the terminal to the assistant's composer (opening it), and back. */
export const switchFocus = (): void => {
  if (inAssistant()) return focusActiveTerminal();
  useAssistant.getState().setOpen(true);
  useAssistant.getState().requestFocus();
};
