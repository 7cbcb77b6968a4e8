// SPDX-License-Identifier: MIT
import { SearchAddon } from '@xterm/addon-search';
import type { Terminal } from '@xterm/xterm';
import { FIND_HIGHLIGHT_LIMIT } from './find-query';

const addons = new WeakMap<Terminal, SearchAddon>();

/**
 * A terminal's search addon, loaded into it the first time it is searched: the addon's code is
 * not on the way to the first prompt (it was 32 KB of the page's first stage), only in the find
 * bars' chunk. It goes with the terminal (xterm.js disposes the addons it loaded).
 */
export const searchOf = (term: Terminal): SearchAddon => {
  let addon = addons.get(term);
  if (!addon) {
    addon = new SearchAddon({ highlightLimit: FIND_HIGHLIGHT_LIMIT });
    term.loadAddon(addon);
    addons.set(term, addon);
  }
  return addon;
};
