// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { CompletionAnswer, CompletionItem } from '../../shared/ipc/session';

/** The completion menu (Ctrl+Space): which terminal it is over, what main offered, what is selected. */
export interface CompletionState {
  /** The terminal the menu is over; null when closed. */
  readonly terminalId: string | null;
  /** The line before the word under the cursor when the items were asked for: a new head asks again. */
  readonly head: string;
  /** The word under the cursor now (the filter). */
  readonly word: string;
  /** Everything main offered for `head`, unfiltered. */
  readonly items: readonly CompletionItem[];
  /** The filtered rows shown. */
  readonly shown: readonly CompletionItem[];
  readonly selected: number;
  readonly loading: boolean;
  readonly unavailable: CompletionAnswer['unavailable'] | 'failed' | null;
  opened(terminalId: string, head: string, word: string): void;
  answered(items: readonly CompletionItem[], shown: readonly CompletionItem[], unavailable: CompletionState['unavailable']): void;
  typed(word: string, shown: readonly CompletionItem[]): void;
  asking(head: string, word: string): void;
  select(index: number): void;
  closed(): void;
}

const CLOSED = { terminalId: null, head: '', word: '', items: [], shown: [], selected: 0, loading: false, unavailable: null } as const;

export const useCompletion = create<CompletionState>()((set) => ({
  ...CLOSED,
  opened: (terminalId, head, word) => set({ ...CLOSED, terminalId, head, word, loading: true }),
  answered: (items, shown, unavailable) => set({ items, shown, unavailable, loading: false, selected: 0 }),
  typed: (word, shown) => set({ word, shown, selected: 0 }),
  asking: (head, word) => set({ head, word, loading: true }),
  select: (index) => set((state) => ({ selected: state.shown.length === 0 ? 0 : Math.max(0, Math.min(state.shown.length - 1, index)) })),
  closed: () => set(CLOSED),
}));
