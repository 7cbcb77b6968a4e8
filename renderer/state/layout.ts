// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import { loadPref, savePref } from './prefs';

/** Commands list height bounds: enough for a search box and three rows; never the whole pane. */
const MIN_COMMANDS_HEIGHT = 96;
const clampCommandsHeight = (height: number, viewport = typeof window === 'undefined' ? 900 : window.innerHeight): number =>
  Math.round(
    Math.min(Math.max(MIN_COMMANDS_HEIGHT, viewport - 260), Math.max(MIN_COMMANDS_HEIGHT, Number.isFinite(height) ? height : 220)),
  );

interface LayoutState {
  /** The side pane (Commands + Assistant); hidden, the terminal takes the whole width. */
  readonly sideOpen: boolean;
  /** Height of the Commands list while the assistant shares the pane with it. */
  readonly commandsHeight: number;
  setSideOpen(open: boolean): void;
  setCommandsHeight(height: number): void;
}

/** Window layout preferences, kept per browser profile like the pane width. */
export const useLayout = create<LayoutState>()((set) => ({
  sideOpen: loadPref('sideOpen', true),
  commandsHeight: clampCommandsHeight(loadPref('commandsHeight', 220)),
  setSideOpen: (sideOpen) => {
    savePref('sideOpen', sideOpen);
    set({ sideOpen });
  },
  setCommandsHeight: (height) => {
    const commandsHeight = clampCommandsHeight(height);
    savePref('commandsHeight', commandsHeight);
    set({ commandsHeight });
  },
}));
