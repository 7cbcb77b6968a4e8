// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { HistorySearchHit } from '../../shared/ipc/history';
import { NO_FILTERS, type HistoryFilterState, type TerminalPlace } from './history-search-logic';

type PreviewState =
  | { readonly state: 'none' }
  | { readonly state: 'loading'; readonly commandId: string }
  | { readonly state: 'shown'; readonly commandId: string; readonly text: string; readonly truncated: boolean }
  | { readonly state: 'failed'; readonly commandId: string; readonly message: string };

/** The Ctrl+R overlay: which terminal it is over, what is typed and switched on, and what came back. */
export interface HistorySearchState {
  /** The terminal the overlay is over; null when closed. */
  readonly terminalId: string | null;
  /** What "this directory / session / host" mean, fixed when the overlay opened. */
  readonly place: TerminalPlace | null;
  readonly query: string;
  readonly filters: HistoryFilterState;
  readonly hits: readonly HistorySearchHit[];
  /** How many records match in all (`hits` is the pages loaded so far); a lower bound unless `totalExact`. */
  readonly total: number;
  readonly totalExact: boolean;
  /** Set once a page came back short: nothing more to load for this question. */
  readonly exhausted: boolean;
  /** Set while the next page is awaited (scrolled or arrowed near the end of what is loaded). */
  readonly loadingMore: boolean;
  readonly selected: number;
  /** Set while the answer to the latest query is awaited. */
  readonly searching: boolean;
  readonly error: string | null;
  readonly preview: PreviewState;
  opened(terminalId: string, place: TerminalPlace): void;
  edit(query: string): void;
  filtered(filters: HistoryFilterState): void;
  answered(hits: readonly HistorySearchHit[], total: number, totalExact: boolean, exhausted: boolean): void;
  /** The next page, after what is loaded (a line already listed is not listed twice). */
  appended(hits: readonly HistorySearchHit[], total: number, totalExact: boolean, exhausted: boolean): void;
  moreAsked(): void;
  failed(message: string): void;
  select(index: number): void;
  previewed(preview: PreviewState): void;
  closed(): void;
}

const CLOSED = {
  terminalId: null,
  place: null,
  query: '',
  filters: NO_FILTERS,
  hits: [],
  total: 0,
  totalExact: true,
  exhausted: false,
  loadingMore: false,
  selected: 0,
  searching: false,
  error: null,
  preview: { state: 'none' },
} as const;

export const useHistorySearch = create<HistorySearchState>()((set) => ({
  ...CLOSED,
  opened: (terminalId, place) => set({ ...CLOSED, terminalId, place, searching: true }),
  edit: (query) => set({ query, searching: true }),
  filtered: (filters) => set({ filters, searching: true }),
  // A new list starts at its best result.
  answered: (hits, total, totalExact, exhausted) =>
    set({ hits, total, totalExact, exhausted, loadingMore: false, selected: 0, searching: false, error: null }),
  appended: (more, total, totalExact, exhausted) =>
    set((state) => {
      const listed = new Set(state.hits.map((hit) => hit.command.id));
      const hits = [...state.hits, ...more.filter((hit) => !listed.has(hit.command.id))];
      return { hits, total: Math.max(total, hits.length), totalExact, exhausted, loadingMore: false };
    }),
  moreAsked: () => set({ loadingMore: true }),
  failed: (message) => set({ searching: false, loadingMore: false, error: message }),
  select: (index) => set((state) => ({ selected: Math.max(0, Math.min(state.hits.length - 1, index)) })),
  previewed: (preview) => set({ preview }),
  closed: () => set(CLOSED),
}));
