// SPDX-License-Identifier: MIT
import { suggestionOf } from './inline-suggestion';

export type SuggestionKey = 'accept' | 'accept-word' | 'hide';

/**
 * Listens before xterm (capture phase) for the keys of a shown suggestion (the `suggestionShown`
 * actions of Settings → Keys: Right or End accept, Alt+Right one word, Esc hides, by default); every
 * other key, and these keys when no suggestion is shown, go on to the terminal as usual (Tab is never
 * one of them). `keyOf` reads the user's bindings (renderer/keybindings.ts, which this folder may
 * not import). Returns the uninstall.
 */
export const watchSuggestionKeys = (
  atEnd: (id: string) => boolean,
  keyOf: (event: KeyboardEvent) => SuggestionKey | undefined,
): (() => void) => {
  const onKey = (event: KeyboardEvent) => {
    const key = keyOf(event);
    const element = event.target as Partial<Pick<Element, 'closest'>> | null;
    const id =
      typeof element?.closest === 'function'
        ? element.closest<HTMLElement>('.xterm')?.closest<HTMLElement>('[data-pty-id]')?.dataset.ptyId
        : undefined;
    const suggestion = id ? suggestionOf(id) : undefined;
    if (!key) {
      // Any other Ctrl key is the shell's editing command (Ctrl+V quotes the next key, Ctrl+X starts
      // a chord): the suggestion steps aside until the line changes, so the key after it, Esc included,
      // reaches the shell as the user meant.
      if (shellCommandKey(event)) suggestion?.hide();
      return;
    }
    // The cursor left the end since it was drawn (a key xterm has not echoed yet): the key is the shell's.
    if (!suggestion || suggestion.shown === null || !atEnd(id!)) return;
    const done = key === 'hide' ? suggestion.hide() : suggestion.accept(key === 'accept' ? 'all' : 'word');
    if (!done) return;
    event.preventDefault();
    event.stopPropagation();
  };
  // No window: the terminals' wiring runs in unit tests under Node, where no key can come.
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('keydown', onKey, true);
  return () => window.removeEventListener('keydown', onKey, true);
};

const MODIFIER_ONLY = new Set(['Control', 'Shift', 'Alt', 'Meta']);

const shellCommandKey = (event: KeyboardEvent): boolean =>
  event.ctrlKey && !event.altKey && !event.metaKey && !MODIFIER_ONLY.has(event.key);
