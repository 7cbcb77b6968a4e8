// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import { contains, leaf, leaves, nearestSurvivor, remove, sanitize, split, type Orientation, type PaneNode } from './pane-tree';
import { useTabs } from './tabs';

/** One tab as the user sees it: one or more terminals in a split layout. */
export interface PaneGroup {
  /** Stable for the tab's life: its first terminal's id. */
  readonly id: string;
  readonly root: PaneNode;
  /** The pane whose terminal has (or last had) the keyboard in this tab. */
  readonly focus: string;
  /** A pane zoomed to the whole tab, if any. */
  readonly zoomed: string | null;
}

interface PanesState {
  readonly groups: readonly PaneGroup[];
  /** The next terminal to appear goes next to `target` (set just before this window spawns it). */
  pendingSplit: { target: string; orientation: Orientation } | null;
  toggleZoom(groupId: string): void;
  move(from: number, to: number): void;
}

export const usePanes = create<PanesState>()((set) => ({
  groups: [],
  pendingSplit: null,
  toggleZoom: (groupId) =>
    set((state) => ({
      groups: state.groups.map((g) => (g.id === groupId ? { ...g, zoomed: g.zoomed ? null : g.focus } : g)),
    })),
  move: (from, to) =>
    set((state) => {
      const groups = [...state.groups];
      const [moved] = groups.splice(from, 1);
      if (!moved) return state;
      groups.splice(Math.max(0, Math.min(to, groups.length)), 0, moved);
      return { groups };
    }),
}));

export const groupOf = (terminalId: string | undefined): PaneGroup | undefined =>
  terminalId === undefined ? undefined : usePanes.getState().groups.find((g) => contains(g.root, terminalId));

/** The terminals on screen in this window: every pane of the active tab (only the zoomed one when zoomed). */
export const visibleTerminals = (): string[] => {
  const group = groupOf(useTabs.getState().activeId);
  if (!group) return [];
  return group.zoomed ? [group.zoomed] : leaves(group.root);
};

/** Tab order for Ctrl+Tab: to the focused pane of the tab `delta` away. */
export const cycleGroups = (delta: number): void => {
  const { groups } = usePanes.getState();
  const current = groupOf(useTabs.getState().activeId);
  if (!current || groups.length === 0) return;
  const next = groups[(groups.indexOf(current) + delta + groups.length) % groups.length]!;
  useTabs.getState().activate(next.focus);
};

/**
 * Keeps the groups in step with the terminals: a new terminal becomes a tab of its own unless this
 * window asked for it as a split; a closed one leaves its split (the tab goes with its last pane,
 * and the keyboard goes to a neighbour); focus follows the active terminal.
 */
const reconcile = (keepFocus = false): void => {
  const { tabs, activeId } = useTabs.getState();
  const known = new Set(tabs.map((t) => t.id));
  const state = usePanes.getState();
  let pending = state.pendingSplit;
  let groups = state.groups.flatMap((group): PaneGroup[] => {
    let root: PaneNode | null = group.root;
    for (const id of leaves(group.root)) if (!known.has(id)) root = root && remove(root, id);
    if (!root) return [];
    const ids = leaves(root);
    const focus = ids.includes(group.focus) ? group.focus : nearestSurvivor(leaves(group.root), group.focus, ids)!;
    return [{ ...group, root, focus, zoomed: group.zoomed && ids.includes(group.zoomed) ? group.zoomed : null }];
  });
  const placed = new Set(groups.flatMap((g) => leaves(g.root)));
  for (const tab of tabs) {
    if (placed.has(tab.id)) continue;
    const target = pending && groups.find((g) => contains(g.root, pending!.target));
    if (pending && target) {
      const { orientation } = pending;
      groups = groups.map((g) => (g === target ? { ...g, root: split(g.root, pending!.target, tab.id, orientation), zoomed: null } : g));
      pending = null;
    } else groups = [...groups, { id: tab.id, root: leaf(tab.id), focus: tab.id, zoomed: null }];
  }
  // Not after closing the focused pane: the store's pick of a new active terminal is just the next
  // in its flat list, and the caller moves the keyboard to the nearest pane instead.
  if (activeId && !keepFocus) groups = groups.map((g) => (contains(g.root, activeId) && g.focus !== activeId ? { ...g, focus: activeId } : g));
  usePanes.setState({ groups, pendingSplit: pending });
};

/** A stored layout (a reload keeps the panes of this window), applied once the terminals are back. */
export const applyStoredLayout = (stored: unknown): void => {
  if (!Array.isArray(stored)) return;
  const known = new Set(useTabs.getState().tabs.map((t) => t.id));
  const taken = new Set<string>();
  const restored: PaneGroup[] = [];
  for (const item of stored as Array<{ root?: unknown; focus?: unknown }>) {
    const root = sanitize(item?.root, known);
    if (!root || leaves(root).some((id) => taken.has(id))) continue;
    for (const id of leaves(root)) taken.add(id);
    const ids = leaves(root);
    const focus = typeof item.focus === 'string' && ids.includes(item.focus) ? item.focus : ids[0]!;
    restored.push({ id: ids[0]!, root, focus, zoomed: null });
  }
  const rest = usePanes.getState().groups.filter((g) => !leaves(g.root).some((id) => taken.has(id)));
  usePanes.setState({ groups: [...restored, ...rest] });
};

let previousTabs = useTabs.getState().tabs;
let previousActive = useTabs.getState().activeId;
useTabs.subscribe((state) => {
  if (state.tabs === previousTabs && state.activeId === previousActive) return;
  const removedIds = previousTabs.filter((t) => !state.tabs.some((n) => n.id === t.id)).map((t) => t.id);
  const groupBefore = removedIds.length > 0 ? groupOf(previousActive) : undefined;
  const groupsBefore = usePanes.getState().groups;
  const focusClosed = groupBefore !== undefined && removedIds.includes(groupBefore.focus);
  previousTabs = state.tabs;
  previousActive = state.activeId;
  reconcile(focusClosed);
  // A pane closed in the tab being looked at: the keyboard goes to the tab's nearest remaining
  // pane or, when it was the tab's last, to the focused pane of the tab next to it.
  if (groupBefore && focusClosed && previousActive !== undefined) {
    const { groups } = usePanes.getState();
    const still = groups.find((g) => g.id === groupBefore.id);
    const next = still ?? groups[Math.min(groupsBefore.indexOf(groupBefore), groups.length - 1)];
    if (next && next.focus !== useTabs.getState().activeId) useTabs.getState().activate(next.focus);
  }
});
