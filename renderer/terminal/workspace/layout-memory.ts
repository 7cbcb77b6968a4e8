// SPDX-License-Identifier: MIT
import { rememberActiveTerminal, rememberPanes } from '../../state/tab-memory';
import type { WorkspaceStore } from '../../state/workspace';

/**
 * Another tab, a split, a closed pane or a zoom changes what is on screen, and the layout must
 * survive a reload: the active terminal and the panes are remembered for this window (tab-memory.ts),
 * `shown` hears that what is on screen may have changed, and `save` keeps the tabs for the next start.
 * Answers the unsubscribe.
 */
export const rememberLayout = (store: WorkspaceStore, on: { readonly shown: () => void; readonly save: () => void }): (() => void) =>
  store.subscribe((state, previous) => {
    const activeChanged = state.activeTerminalId !== previous.activeTerminalId;
    const tabsChanged = state.tabs !== previous.tabs;
    if (activeChanged) rememberActiveTerminal(state.activeTerminalId);
    if (tabsChanged) rememberPanes(state.tabs.map(({ root, focus }) => ({ root, focus })));
    if (activeChanged || tabsChanged) on.shown();
    if (tabsChanged) on.save();
  });
