// SPDX-License-Identifier: MIT
import { create } from 'zustand';

interface FindState {
  /** The pane whose find bar is open (one bar at a time), or undefined. */
  readonly paneId: string | undefined;
  open(paneId: string | undefined): void;
  close(): void;
}

/**
 * The find bar belongs to the pane it searches: it is drawn inside that pane (pane-layout.tsx),
 * so with splits it never covers another pane's output, and focusing another pane leaves it where
 * its matches are. Ctrl+Shift+F in another pane moves it there.
 */
export const useFind = create<FindState>()((set) => ({
  paneId: undefined,
  open: (paneId) => set({ paneId }),
  close: () => set({ paneId: undefined }),
}));
