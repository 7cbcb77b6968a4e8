// SPDX-License-Identifier: MIT
import { go } from 'fuzzysort';
import type { CompletionItem } from '../../shared/ipc/session';

/** Rows the menu lists at most: the best matches; typing narrows the rest. */
const MENU_ROWS = 100;

/** The line split where the word under the cursor starts: `git ch` → head `git `, word `ch`. */
export const splitTyped = (text: string): { head: string; word: string } => {
  const word = /\S*$/u.exec(text)?.[0] ?? '';
  return { head: text.slice(0, text.length - word.length), word };
};

/**
 * The items that match the word being typed, best first (fuzzysort, as the Ctrl+R overlay's engine
 * uses): letters in order, a prefix scoring best. An empty word keeps the answer's own order.
 */
export const filterItems = (items: readonly CompletionItem[], word: string): CompletionItem[] => {
  if (word === '') return items.slice(0, MENU_ROWS);
  return go(word, items, { key: 'text', limit: MENU_ROWS }).map((result) => result.obj);
};

/**
 * What accepting an item types: the rest of it when the word is its beginning (`ch` + `eckout`),
 * else the word erased (backspaces) and the item typed whole. A space follows, except after a
 * folder's `/` (so the next Ctrl+Space lists inside it) or an option ending in `=`.
 */
export const insertionFor = (word: string, item: Pick<CompletionItem, 'text'>): { erase: number; text: string } => {
  const suffix = item.text.endsWith('/') || item.text.endsWith('=') ? '' : ' ';
  if (item.text.startsWith(word)) return { erase: 0, text: item.text.slice(word.length) + suffix };
  return { erase: [...word].length, text: item.text + suffix };
};
