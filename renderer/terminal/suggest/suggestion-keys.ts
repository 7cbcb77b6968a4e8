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
export const watchSuggestionKeys = (atEnd: (id: string) => boolean, keyOf: (event: KeyboardEvent) => SuggestionKey | undefined): (() => void) => {
  const onKey = (event: KeyboardEvent) => {
    const key = keyOf(event);
    if (!key) return;
    const element = event.target as Partial<Pick<Element, 'closest'>> | null;
    const id = typeof element?.closest === 'function' ? element.closest<HTMLElement>('.xterm')?.closest<HTMLElement>('[data-pty-id]')?.dataset.ptyId : undefined;
    const suggestion = id ? suggestionOf(id) : undefined;
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
