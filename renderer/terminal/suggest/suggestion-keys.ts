// SPDX-License-Identifier: MIT
import { suggestionOf } from './inline-suggestion';

/** What the key check reads of a key press (a DOM KeyboardEvent fits). */
interface SuggestionKeyEvent {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  readonly metaKey: boolean;
  readonly isComposing?: boolean;
}

type SuggestionKey = 'accept' | 'accept-word' | 'hide';

/** Right arrow or End accept, Alt+Right one word, Esc hides; Tab is never taken (it stays the shell's). */
const suggestionKey = (event: SuggestionKeyEvent): SuggestionKey | undefined => {
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.isComposing === true) return undefined;
  if (event.altKey) return event.key === 'ArrowRight' ? 'accept-word' : undefined;
  if (event.key === 'ArrowRight' || event.key === 'End') return 'accept';
  return event.key === 'Escape' ? 'hide' : undefined;
};

/**
 * Listens before xterm (capture phase) for the keys of a shown suggestion; every other key, and
 * these keys when no suggestion is shown, go on to the terminal as usual. Returns the uninstall.
 */
export const watchSuggestionKeys = (atEnd: (id: string) => boolean): (() => void) => {
  const onKey = (event: KeyboardEvent) => {
    const key = suggestionKey(event);
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
