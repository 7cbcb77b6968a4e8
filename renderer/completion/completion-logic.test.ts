// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CompletionItem } from '../../shared/ipc/session';
import { filterItems, insertionFor, splitTyped } from './completion-logic';

const items: CompletionItem[] = ['checkout', 'cherry-pick', 'archive', 'commit', 'clone'].map((text) => ({ text, kind: 'subcommand' }));

describe('the completion menu logic', () => {
  it('splits the typed line at the word under the cursor', () => {
    expect(splitTyped('git ch')).toEqual({ head: 'git ', word: 'ch' });
    expect(splitTyped('git ')).toEqual({ head: 'git ', word: '' });
    expect(splitTyped('')).toEqual({ head: '', word: '' });
  });

  it('filters fuzzily, a prefix first, and keeps the answer order for an empty word', () => {
    expect(
      filterItems(items, 'ch')
        .map((item) => item.text)
        .slice(0, 2)
        .sort(),
    ).toEqual(['checkout', 'cherry-pick']);
    expect(filterItems(items, 'cp').map((item) => item.text)).toContain('cherry-pick');
    expect(filterItems(items, 'zz')).toEqual([]);
    expect(filterItems(items, '')).toEqual(items);
  });

  it('types the rest of an item the word begins, else erases the word and types it whole', () => {
    expect(insertionFor('ch', { text: 'checkout' })).toEqual({ erase: 0, text: 'eckout ' });
    expect(insertionFor('cp', { text: 'cherry-pick' })).toEqual({ erase: 2, text: 'cherry-pick ' });
    // A folder keeps the cursor inside it; an option ending in = waits for its value.
    expect(insertionFor('sr', { text: 'src/' })).toEqual({ erase: 0, text: 'c/' });
    expect(insertionFor('', { text: '--format=' })).toEqual({ erase: 0, text: '--format=' });
    // Characters, not UTF-16 units, are erased.
    expect(insertionFor('é😀', { text: 'x' })).toEqual({ erase: 2, text: 'x ' });
  });
});
