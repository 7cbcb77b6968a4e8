// SPDX-License-Identifier: MIT
import { controllerFor } from '../terminal/terminals';

/** What the key check reads of a key press. */
export interface InlineKeyEvent {
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  readonly metaKey: boolean;
  readonly isComposing?: boolean;
}

/**
 * Ctrl+I and nothing else, read from the physical key (as renderer/actions/keys.ts reads letters),
 * so it is the same on any Latin layout. The Tab key is `Tab`, not `KeyI`: it still completes.
 */
export const isInlineAskCombo = (event: InlineKeyEvent): boolean =>
  event.code === 'KeyI' && event.ctrlKey && !event.altKey && !event.shiftKey && !event.metaKey && event.isComposing !== true;

/**
 * The terminal a Ctrl+I press should open the box over, or undefined to leave the key alone. Only a
 * terminal with the keyboard, and only on its normal screen: a full-screen program (vim, less)
 * gets Ctrl+I as the Tab it has always been.
 */
export const inlineAskKey = (event: InlineKeyEvent & { readonly target: EventTarget | null }): string | undefined => {
  const target = event.target as Partial<Pick<Element, 'closest'>> | null;
  if (!isInlineAskCombo(event) || typeof target?.closest !== 'function') return undefined;
  const id = target.closest<HTMLElement>('.xterm')?.closest<HTMLElement>('[data-pty-id]')?.dataset.ptyId;
  if (!id) return undefined;
  return controllerFor(id)?.term.buffer.active.type === 'normal' ? id : undefined;
};
