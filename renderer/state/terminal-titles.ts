// SPDX-License-Identifier: MIT
import { create } from 'zustand';

interface TerminalTitlesState {
  /** Per terminal id, the title its tab shows now (renderer/tabs/tab-title.ts chooses it). */
  readonly byId: Readonly<Record<string, string>>;
  shown(terminalId: string, title: string): void;
}

/**
 * The titles the tab bar shows, published for what names a terminal elsewhere: an assistant's step
 * says where it runs by the same title (`data-target`), and cannot import the tab bar (the
 * folders would import each other).
 */
export const useTerminalTitles = create<TerminalTitlesState>()((set) => ({
  byId: {},
  shown: (terminalId, title) =>
    set((state) => (state.byId[terminalId] === title ? state : { byId: { ...state.byId, [terminalId]: title } })),
}));
