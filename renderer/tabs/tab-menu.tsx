// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import { Menu, type MenuAction } from '../layout/menu';
import { useWorkspace, type Terminal } from '../state/workspace';

interface TabMenuState {
  /** The tab whose menu is open (by its focused terminal), and where. */
  readonly open: { readonly id: string; readonly at: { x: number; y: number } } | undefined;
  /** The tab whose name is being edited in its header. */
  readonly renaming: string | undefined;
  show(id: string, at: { x: number; y: number }): void;
  hide(): void;
  rename(id: string | undefined): void;
}

/** Which tab menu is open and which tab is being renamed: a shortcut and the menu both drive them. */
export const useTabMenu = create<TabMenuState>()((set) => ({
  open: undefined,
  renaming: undefined,
  show: (id, at) => set({ open: { id, at } }),
  hide: () => set({ open: undefined }),
  rename: (renaming) => set({ renaming }),
}));

/** Opens a tab's menu under its header: for the keyboard (context-menu key, Shift+F10). */
export const openTabMenu = (id: string): void => {
  const header = document.querySelector(`[data-testid="tab"][data-pty-id="${CSS.escape(id)}"]`);
  const box = header?.getBoundingClientRect();
  useTabMenu.getState().show(id, box ? { x: box.left, y: box.bottom } : { x: 8, y: 32 });
};

export interface TabMenuHandlers {
  readonly rename: (id: string) => void;
  readonly setRecording: (id: string, paused: boolean) => void;
  readonly close: (id: string) => void;
}

/**
 * What a tab's menu offers, for the terminal the tab shows (its focused pane). A private one never
 * records, so it has no recording toggle at all.
 */
export const tabActions = (terminal: Pick<Terminal, 'id' | 'recording'>, on: TabMenuHandlers): MenuAction[] => [
  { id: 'rename', label: 'Rename…', testId: 'tab-rename-start', run: () => on.rename(terminal.id) },
  ...(terminal.recording === 'private'
    ? []
    : [
        terminal.recording === 'paused'
          ? {
              id: 'recording',
              label: 'Resume recording',
              testId: 'tab-recording-toggle',
              hint: 'Record this terminal again from now on (what ran while paused stays unrecorded)',
              run: () => on.setRecording(terminal.id, false),
            }
          : {
              id: 'recording',
              label: 'Pause recording',
              testId: 'tab-recording-toggle',
              hint: 'Stop saving what this terminal runs and prints until you resume',
              run: () => on.setRecording(terminal.id, true),
            },
      ]),
  { id: 'close', label: 'Close tab', testId: 'tab-menu-close', run: () => on.close(terminal.id) },
];

/** The open tab menu, if any; rendered once by the tab bar. */
export const TabMenu = ({ handlers }: { handlers: Omit<TabMenuHandlers, 'rename'> }) => {
  const open = useTabMenu((state) => state.open);
  const terminal = useWorkspace((state) => (open ? state.terminals.find((t) => t.id === open.id) : undefined));
  if (!open || !terminal) return null;
  const actions = tabActions(terminal, { ...handlers, rename: (id) => useTabMenu.getState().rename(id) });
  return <Menu actions={actions} at={open.at} label="Tab actions" testId="tab-menu" onClose={() => useTabMenu.getState().hide()} />;
};
