// SPDX-License-Identifier: MIT
import { controllerFor } from './terminals';

/** What the key checks read of a key press (a DOM KeyboardEvent fits). */
export interface TerminalKeyEvent {
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  readonly metaKey: boolean;
  readonly isComposing?: boolean;
}

/** Ctrl with one letter key and nothing else, read from the physical key so it is the same on any Latin layout. */
export const isCtrlLetter = (event: TerminalKeyEvent, code: string): boolean =>
  event.code === code && event.ctrlKey && !event.altKey && !event.shiftKey && !event.metaKey && event.isComposing !== true;

/**
 * The terminal a key press was typed into, when it shows its normal screen; undefined outside a
 * terminal, or under a full-screen program (vim, less), which keeps its keys. For overlays opened by
 * a key captured before xterm (renderer/inline-ask/, renderer/history-search/).
 */
export const terminalOfKey = (target: EventTarget | null): string | undefined => {
  const element = target as Partial<Pick<Element, 'closest'>> | null;
  if (typeof element?.closest !== 'function') return undefined;
  const id = element.closest<HTMLElement>('.xterm')?.closest<HTMLElement>('[data-pty-id]')?.dataset.ptyId;
  if (!id) return undefined;
  return controllerFor(id)?.term.buffer.active.type === 'normal' ? id : undefined;
};
