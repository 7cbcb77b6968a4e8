// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import {
  activateTerminal,
  addTerminal,
  applyLayout,
  cycleTabs as cycleTabsOf,
  EMPTY_WORKSPACE,
  moveTab,
  removeTerminal,
  tabOf as tabOfWorkspace,
  toggleZoom,
  updateTerminal,
  visibleTerminalsOf,
  type SplitRequest,
  type Tab,
  type Terminal,
  type Workspace,
} from './workspace-model';

export type { SplitRequest, Tab, Terminal } from './workspace-model';

/** The window's terminals and tabs (workspace-model.ts), with the moves the UI makes on them. */
interface WorkspaceState extends Workspace {
  add(terminal: Terminal, activate?: boolean, takesSplit?: boolean): void;
  remove(id: string): void;
  activate(id: string): void;
  update(id: string, patch: Partial<Omit<Terminal, 'id'>>): void;
  cycleTabs(delta: number): void;
  toggleZoom(tabId: string): void;
  moveTab(from: number, to: number): void;
  applyLayout(stored: unknown): void;
  requestSplit(split: SplitRequest | null): void;
}

/** A store of its own (tests make one each); the app uses `useWorkspace`. */
export const createWorkspaceStore = () =>
  create<WorkspaceState>()((set) => ({
    ...EMPTY_WORKSPACE,
    add: (terminal, activate = true, takesSplit = true) => set((state) => addTerminal(state, terminal, activate, takesSplit)),
    remove: (id) => set((state) => removeTerminal(state, id)),
    activate: (id) => set((state) => activateTerminal(state, id)),
    update: (id, patch) => set((state) => updateTerminal(state, id, patch)),
    cycleTabs: (delta) => set((state) => cycleTabsOf(state, delta)),
    toggleZoom: (tabId) => set((state) => toggleZoom(state, tabId)),
    moveTab: (from, to) => set((state) => moveTab(state, from, to)),
    applyLayout: (stored) => set((state) => applyLayout(state, stored)),
    requestSplit: (pendingSplit) => set({ pendingSplit }),
  }));

export type WorkspaceStore = ReturnType<typeof createWorkspaceStore>;

/** This window's terminals and tabs: the one place they are kept (React reads it, the model writes it). */
export const useWorkspace: WorkspaceStore = createWorkspaceStore();

/** The tab a terminal's pane is in. */
export const tabOf = (terminalId: string | undefined): Tab | undefined => tabOfWorkspace(useWorkspace.getState(), terminalId);

/** The terminals on screen in this window: every pane of the active tab (only the zoomed one when zoomed). */
export const visibleTerminals = (): string[] => visibleTerminalsOf(useWorkspace.getState());

/** The terminal with the keyboard, if any. */
export const activeTerminalId = (): string | undefined => useWorkspace.getState().activeTerminalId;

export const terminalById = (id: string): Terminal | undefined => useWorkspace.getState().terminals.find((t) => t.id === id);
