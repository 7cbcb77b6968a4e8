// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { SettingsView } from '../../shared/ipc/settings';

interface SettingsState {
  /** The main process's view (providers say whether a key exists, never what it is). */
  readonly view: SettingsView | undefined;
  readonly loadError: string | undefined;
  /** The settings page overlay. */
  readonly pageOpen: boolean;
  setView(view: SettingsView): void;
  setLoadError(message: string | undefined): void;
  setPageOpen(open: boolean): void;
}

export const useSettings = create<SettingsState>()((set) => ({
  view: undefined,
  loadError: undefined,
  pageOpen: false,
  setView: (view) => set({ view, loadError: undefined }),
  setLoadError: (loadError) => set({ loadError }),
  setPageOpen: (pageOpen) => set({ pageOpen }),
}));
