// SPDX-License-Identifier: MIT
import type { RecordingState } from '../../shared/ipc/history';
import { contains, leaf, leaves, nearestSurvivor, remove, sanitize, split, type Orientation, type PaneNode } from './pane-tree';

/** One pty as this window shows it. Terminal bytes never pass through here, only what React draws. */
export interface Terminal {
  /** The pty's id, which is also its session's id in the commands store. */
  readonly id: string;
  readonly sessionId: string;
  readonly shell: string;
  /** What the shell or its program set with OSC 0/2; null until it sets one. */
  readonly programTitle: string | null;
  /** The name the user gave it (its tab shows it while it is the tab's focused pane); null for the automatic title. */
  readonly customTitle: string | null;
  readonly exited: boolean;
  readonly exitCode: number | null;
  /** Recorded, paused by the user, or private and never recorded (from the main process). */
  readonly recording: RecordingState;
}

/** One tab as the user sees it: the panes of one or more terminals in a split layout. */
export interface Tab {
  /** Stable for the tab's life: its first terminal's id. */
  readonly id: string;
  readonly root: PaneNode;
  /** The pane whose terminal has (or last had) the keyboard in this tab. */
  readonly focus: string;
  /** A pane zoomed to the whole tab, if any. */
  readonly zoomed: string | null;
}

/** Where the next terminal this window spawns goes: next to `target`, in its tab. */
export interface SplitRequest {
  readonly target: string;
  readonly orientation: Orientation;
}

/**
 * The terminals of a window and the tabs they are laid out in: one value, so the tabs can never
 * disagree with the terminals (every terminal has exactly one pane, every pane one terminal).
 */
export interface Workspace {
  /** In the order they appeared. */
  readonly terminals: readonly Terminal[];
  /** In the tab bar's order. */
  readonly tabs: readonly Tab[];
  /** The terminal with the keyboard: the focused pane of the active tab. */
  readonly activeTerminalId: string | undefined;
  /** Set just before this window spawns a terminal that is to be a split (it may appear before the answer). */
  readonly pendingSplit: SplitRequest | null;
}

export const EMPTY_WORKSPACE: Workspace = { terminals: [], tabs: [], activeTerminalId: undefined, pendingSplit: null };

export const tabOf = (workspace: Workspace, terminalId: string | undefined): Tab | undefined =>
  terminalId === undefined ? undefined : workspace.tabs.find((tab) => contains(tab.root, terminalId));

/** The terminals on screen: every pane of the active tab (only the zoomed one when zoomed). */
export const visibleTerminalsOf = (workspace: Workspace): string[] => {
  const tab = tabOf(workspace, workspace.activeTerminalId);
  if (!tab) return [];
  return tab.zoomed ? [tab.zoomed] : leaves(tab.root);
};

/** The tab holding the active terminal focuses it; the list is the same one when nothing moved. */
const focusActive = (tabs: readonly Tab[], activeId: string | undefined): readonly Tab[] => {
  const index = activeId === undefined ? -1 : tabs.findIndex((tab) => contains(tab.root, activeId));
  if (index === -1 || tabs[index]!.focus === activeId) return tabs;
  return tabs.map((tab, i) => (i === index ? { ...tab, focus: activeId! } : tab));
};

/**
 * A terminal appears (spawned here, or in another window, or re-attached): a tab of its own, or
 * the pane split off that `pendingSplit` asked for. `activate` gives it the keyboard (so does
 * being the first). One already known is only activated. `takesSplit` false: another window's new
 * terminal, which must never fill the split this window waits for (it would sit, recorded, in a
 * private tab).
 */
export const addTerminal = (workspace: Workspace, terminal: Terminal, activate = true, takesSplit = true): Workspace => {
  const known = workspace.terminals.some((t) => t.id === terminal.id);
  const terminals = known ? workspace.terminals : [...workspace.terminals, terminal];
  const activeTerminalId = activate || workspace.activeTerminalId === undefined ? terminal.id : workspace.activeTerminalId;
  let { tabs, pendingSplit } = workspace;
  if (!tabs.some((tab) => contains(tab.root, terminal.id))) {
    const request = takesSplit ? pendingSplit : null;
    const target = request && tabs.find((tab) => contains(tab.root, request.target));
    if (request && target) {
      tabs = tabs.map((tab) =>
        tab === target ? { ...tab, root: split(tab.root, request.target, terminal.id, request.orientation), zoomed: null } : tab,
      );
      pendingSplit = null;
    } else tabs = [...tabs, { id: terminal.id, root: leaf(terminal.id), focus: terminal.id, zoomed: null }];
  }
  return { ...workspace, terminals, tabs: focusActive(tabs, activeTerminalId), activeTerminalId, pendingSplit };
};

/**
 * A terminal is gone (closed, its pty ended elsewhere): its pane leaves the split and a tab goes
 * with its last pane. When it had the keyboard, the keyboard goes to the nearest pane left in its
 * tab or, when it was the tab's last, to the focused pane of the tab that takes its place.
 */
export const removeTerminal = (workspace: Workspace, id: string): Workspace => {
  const index = workspace.terminals.findIndex((t) => t.id === id);
  if (index === -1) return workspace;
  const terminals = workspace.terminals.filter((t) => t.id !== id);
  const before = tabOf(workspace, workspace.activeTerminalId);
  let activeTerminalId =
    workspace.activeTerminalId === id ? terminals[Math.min(index, terminals.length - 1)]?.id : workspace.activeTerminalId;
  const tabs = workspace.tabs.flatMap((tab): Tab[] => {
    if (!contains(tab.root, id)) return [tab];
    const root = remove(tab.root, id);
    if (!root) return [];
    const ids = leaves(root);
    const focus = ids.includes(tab.focus) ? tab.focus : nearestSurvivor(leaves(tab.root), tab.focus, ids)!;
    return [{ ...tab, root, focus, zoomed: tab.zoomed && ids.includes(tab.zoomed) ? tab.zoomed : null }];
  });
  if (before && before.focus === id) {
    const next = tabs.find((tab) => tab.id === before.id) ?? tabs[Math.min(workspace.tabs.indexOf(before), tabs.length - 1)];
    if (next) activeTerminalId = next.focus;
  }
  return { ...workspace, terminals, tabs: focusActive(tabs, activeTerminalId), activeTerminalId };
};

/** Gives a terminal the keyboard: its tab becomes the active one, with it as the focused pane. */
export const activateTerminal = (workspace: Workspace, id: string): Workspace => {
  if (!workspace.terminals.some((t) => t.id === id)) return workspace;
  return { ...workspace, activeTerminalId: id, tabs: focusActive(workspace.tabs, id) };
};

export const updateTerminal = (workspace: Workspace, id: string, patch: Partial<Omit<Terminal, 'id'>>): Workspace => {
  if (!workspace.terminals.some((t) => t.id === id)) return workspace;
  return { ...workspace, terminals: workspace.terminals.map((t) => (t.id === id ? { ...t, ...patch } : t)) };
};

/** Ctrl+Tab: to the focused pane of the tab `delta` away, wrapping around. */
export const cycleTabs = (workspace: Workspace, delta: number): Workspace => {
  const { tabs } = workspace;
  const current = tabOf(workspace, workspace.activeTerminalId);
  if (!current || tabs.length === 0) return workspace;
  return activateTerminal(workspace, tabs[(tabs.indexOf(current) + delta + tabs.length) % tabs.length]!.focus);
};

export const toggleZoom = (workspace: Workspace, tabId: string): Workspace => ({
  ...workspace,
  tabs: workspace.tabs.map((tab) => (tab.id === tabId ? { ...tab, zoomed: tab.zoomed ? null : tab.focus } : tab)),
});

/** Drags a tab from one place in the tab bar to another. */
export const moveTab = (workspace: Workspace, from: number, to: number): Workspace => {
  const tabs = [...workspace.tabs];
  const [moved] = tabs.splice(from, 1);
  if (!moved) return workspace;
  tabs.splice(Math.max(0, Math.min(to, tabs.length)), 0, moved);
  return { ...workspace, tabs };
};

/**
 * A stored layout (a reload keeps this window's panes; a restart restores the last one), applied
 * once the terminals are back: only terminals known here, each in one tab, are laid out as stored;
 * the rest keep their tabs, after the restored ones.
 */
export const applyLayout = (workspace: Workspace, stored: unknown): Workspace => {
  if (!Array.isArray(stored)) return workspace;
  const known = new Set(workspace.terminals.map((t) => t.id));
  const taken = new Set<string>();
  const restored: Tab[] = [];
  for (const item of stored as Array<{ root?: unknown; focus?: unknown }>) {
    const root = sanitize(item?.root, known);
    if (!root || leaves(root).some((id) => taken.has(id))) continue;
    for (const id of leaves(root)) taken.add(id);
    const ids = leaves(root);
    const focus = typeof item.focus === 'string' && ids.includes(item.focus) ? item.focus : ids[0]!;
    restored.push({ id: ids[0]!, root, focus, zoomed: null });
  }
  const rest = workspace.tabs.filter((tab) => !leaves(tab.root).some((id) => taken.has(id)));
  return { ...workspace, tabs: [...restored, ...rest] };
};
