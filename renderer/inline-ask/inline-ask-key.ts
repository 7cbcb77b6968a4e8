// SPDX-License-Identifier: MIT
import { isCtrlLetter, terminalOfKey, type TerminalKeyEvent } from '../terminal/terminal-key-target';

/** What the key check reads of a key press. */
export type InlineKeyEvent = TerminalKeyEvent;

/**
 * Ctrl+I and nothing else, read from the physical key (as renderer/actions/keys.ts reads letters),
 * so it is the same on any Latin layout. The Tab key is `Tab`, not `KeyI`: it still completes.
 */
export const isInlineAskCombo = (event: InlineKeyEvent): boolean => isCtrlLetter(event, 'KeyI');

/**
 * The terminal a Ctrl+I press should open the box over, or undefined to leave the key alone. Only a
 * terminal with the keyboard, and only on its normal screen: a full-screen program (vim, less)
 * gets Ctrl+I as the Tab it has always been.
 */
export const inlineAskKey = (event: InlineKeyEvent & { readonly target: EventTarget | null }): string | undefined =>
  isInlineAskCombo(event) ? terminalOfKey(event.target) : undefined;
