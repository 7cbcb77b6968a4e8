// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { RecordingState } from '../../shared/ipc/history';

export interface Tab {
  readonly id: string;
  readonly sessionId: string;
  readonly shell: string;
  /** What the shell or its program set with OSC 0/2; null until it sets one. */
  readonly programTitle: string | null;
  /** The name the user gave the tab; null for the automatic title. */
  readonly customTitle: string | null;
  readonly exited: boolean;
  readonly exitCode: number | null;
  /** Recorded, paused by the user, or a private tab that is never recorded (from the main process). */
  readonly recording: RecordingState;
}

interface TabsState {
  readonly tabs: readonly Tab[];
  readonly activeId: string | undefined;
  add(tab: Tab, activate?: boolean): void;
  remove(id: string): void;
  activate(id: string): void;
  /** Moves the selection by `delta` tabs, wrapping around. */
  cycle(delta: number): void;
  update(id: string, patch: Partial<Omit<Tab, 'id'>>): void;
}

/** Tab metadata only: terminal bytes never pass through React state. */
export const useTabs = create<TabsState>()((set) => ({
  tabs: [],
  activeId: undefined,
  add: (tab, activate = true) =>
    set((state) => ({
      tabs: state.tabs.some((t) => t.id === tab.id) ? state.tabs : [...state.tabs, tab],
      activeId: activate || state.activeId === undefined ? tab.id : state.activeId,
    })),
  remove: (id) =>
    set((state) => {
      const index = state.tabs.findIndex((tab) => tab.id === id);
      if (index === -1) return state;
      const tabs = state.tabs.filter((tab) => tab.id !== id);
      const activeId =
        state.activeId === id ? tabs[Math.min(index, tabs.length - 1)]?.id : state.activeId;
      return { tabs, activeId };
    }),
  activate: (id) => set((state) => (state.tabs.some((tab) => tab.id === id) ? { activeId: id } : state)),
  cycle: (delta) =>
    set((state) => {
      if (state.tabs.length === 0) return state;
      const index = state.tabs.findIndex((tab) => tab.id === state.activeId);
      const next = (index + delta + state.tabs.length) % state.tabs.length;
      return { activeId: state.tabs[next]!.id };
    }),
  update: (id, patch) =>
    set((state) => ({ tabs: state.tabs.map((tab) => (tab.id === id ? { ...tab, ...patch } : tab)) })),
}));
