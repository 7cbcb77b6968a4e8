// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { HistorySearchHit } from '../../shared/ipc/history';
import { NO_FILTERS, type HistoryFilterState, type TerminalPlace } from './history-search-logic';

export type PreviewState =
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
  readonly selected: number;
  /** Set while the answer to the latest query is awaited. */
  readonly searching: boolean;
  readonly error: string | null;
  readonly preview: PreviewState;
  opened(terminalId: string, place: TerminalPlace): void;
  edit(query: string): void;
  filtered(filters: HistoryFilterState): void;
  answered(hits: readonly HistorySearchHit[]): void;
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
  answered: (hits) => set({ hits, selected: 0, searching: false, error: null }),
  failed: (message) => set({ searching: false, error: message }),
  select: (index) => set((state) => ({ selected: Math.max(0, Math.min(state.hits.length - 1, index)) })),
  previewed: (preview) => set({ preview }),
  closed: () => set(CLOSED),
}));
