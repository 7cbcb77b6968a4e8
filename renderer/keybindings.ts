// SPDX-License-Identifier: MIT
import type { KeybindingsSettings } from '../shared/settings/key-combos';
import { compiledBindings } from './actions/bindings';
import type { ActionId, KeyContext } from './actions/catalog';
import { comboOf, type KeyEventLike } from './actions/keys';
import type { CompletionKeys, MenuKey } from './completion/completion-menu';
import type { SuggestionKey } from './terminal/suggest/suggestion-keys';
import { useSettings } from './state/settings';

export type AppAction = ActionId;

/**
 * App shortcuts. They are taken in the capture phase, before xterm sees the key, so the shell never
 * receives them; everything else (including plain Ctrl+C/V) goes to the terminal untouched. Which
 * key does what comes from the action registry (renderer/actions) and the saved keybindings, read
 * at each press, so a change in Settings → Keys applies at once.
 */
export const actionFor = (
  event: KeyEventLike,
  overrides: KeybindingsSettings | undefined = useSettings.getState().view?.keybindings,
): AppAction | undefined => {
  const combo = comboOf(event);
  return combo ? compiledBindings(overrides).keymap.get(combo) : undefined;
};

/**
 * The contextual action a key press is in `context` (a suggestion shown, at a prompt), or undefined.
 * The caller checks that the context holds; a key composing text (an IME) is never an action.
 */
const contextActionFor = (
  event: KeyEventLike & { readonly isComposing?: boolean },
  context: KeyContext,
  overrides: KeybindingsSettings | undefined = useSettings.getState().view?.keybindings,
): AppAction | undefined => {
  const combo = event.isComposing === true ? undefined : comboOf(event);
  return combo ? compiledBindings(overrides).inContext[context].get(combo) : undefined;
};

const SUGGESTION_KEYS: Partial<Record<ActionId, SuggestionKey>> = {
  'suggestion-accept': 'accept',
  'suggestion-accept-word': 'accept-word',
  'suggestion-hide': 'hide',
};

/** The shown suggestion's key a press is (terminal/suggest/suggestion-keys.ts checks one is shown). */
export const suggestionKeyOf = (event: KeyboardEvent): SuggestionKey | undefined => {
  const action = contextActionFor(event, 'suggestionShown');
  return action ? SUGGESTION_KEYS[action] : undefined;
};

const MENU_KEYS: Partial<Record<ActionId, MenuKey>> = {
  'completion-next': 'next',
  'completion-previous': 'previous',
  'completion-page-down': 'page-down',
  'completion-page-up': 'page-up',
  'completion-accept': 'accept',
  'completion-close': 'close',
};

/** The completion menu's keys in the user's bindings (the menu checks it is open, or that a prompt is there). */
export const completionKeys: CompletionKeys = {
  menu: (event) => {
    const action = contextActionFor(event, 'completionMenuOpen');
    return action ? MENU_KEYS[action] : undefined;
  },
  opens: (event) => contextActionFor(event, 'atPrompt') === 'completion-open',
};

/** A field recording a new shortcut (Settings → Keys) gets every key, app shortcuts included. */
export const isKeyRecorder = (target: EventTarget | null): boolean =>
  typeof Element !== 'undefined' && target instanceof Element && target.closest('[data-key-recorder]') !== null;
