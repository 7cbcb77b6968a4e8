// SPDX-License-Identifier: MIT
import { create } from 'zustand';

interface PaletteState {
  readonly open: boolean;
  show(): void;
  hide(): void;
  toggle(): void;
}

/** Whether the command palette (Ctrl+Shift+P) is open. */
export const usePalette = create<PaletteState>()((set, get) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
  toggle: () => set({ open: !get().open }),
}));
