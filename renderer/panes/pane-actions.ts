// SPDX-License-Identifier: MIT
import type { Orientation } from '../state/pane-tree';
import { leaves } from '../state/pane-tree';
import { groupOf, usePanes, visibleTerminals } from '../state/panes';
import { useTabs } from '../state/tabs';
import { closeTab, openTab } from '../terminal/terminals';
import { useCommands } from '../state/commands';

export type PaneDirection = 'left' | 'right' | 'up' | 'down';

/** Splits the focused pane: the new terminal starts where the focused one's shell is now. */
export const splitFocused = (orientation: Orientation): Promise<void> => {
  const target = useTabs.getState().activeId;
  if (!target) return openTab();
  const tab = useTabs.getState().tabs.find((t) => t.id === target);
  const cwd = tab ? useCommands.getState().sessions[tab.sessionId]?.cwd : undefined;
  return openTab({ split: { target, orientation }, ...(cwd ? { cwd } : {}) });
};

/**
 * Starts a fresh shell in place of an exited one (same spot, same directory): the new terminal is
 * split off next to it and the old one closed, so the new one takes over its space.
 */
export const restartPane = async (id: string): Promise<void> => {
  const tab = useTabs.getState().tabs.find((t) => t.id === id);
  const cwd = tab ? useCommands.getState().sessions[tab.sessionId]?.cwd : undefined;
  await openTab({ split: { target: id, orientation: 'horizontal' }, ...(cwd ? { cwd } : {}) });
  await closeTab(id);
};

/** The terminals of the tab a terminal is in (what closing that tab closes). */
export const tabTerminals = (id: string): string[] => {
  const group = groupOf(id);
  return group ? leaves(group.root) : [id];
};

/**
 * Moves the keyboard to the pane on that side, by where panes are on screen (the tree alone does
 * not say what is "up" across nested splits): the nearest pane whose centre lies that way.
 */
export const focusPane = (direction: PaneDirection): void => {
  const current = useTabs.getState().activeId;
  const rect = (id: string) => document.querySelector(`[data-testid="pane"][data-session-id="${CSS.escape(id)}"]`)?.getBoundingClientRect();
  const from = current ? rect(current) : undefined;
  if (!from) return;
  const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
  const origin = centre(from);
  let best: { id: string; distance: number } | undefined;
  for (const id of visibleTerminals()) {
    const r = id === current ? undefined : rect(id);
    if (!r) continue;
    const c = centre(r);
    const dx = c.x - origin.x;
    const dy = c.y - origin.y;
    const ahead = direction === 'left' ? dx < -1 : direction === 'right' ? dx > 1 : direction === 'up' ? dy < -1 : dy > 1;
    // Along the axis counts once, across it twice: the pane straight ahead wins over a diagonal one.
    const distance = direction === 'left' || direction === 'right' ? Math.abs(dx) + 2 * Math.abs(dy) : Math.abs(dy) + 2 * Math.abs(dx);
    if (ahead && (!best || distance < best.distance)) best = { id, distance };
  }
  if (best) useTabs.getState().activate(best.id);
};

export const toggleZoom = (): void => {
  const group = groupOf(useTabs.getState().activeId);
  if (group && leaves(group.root).length > 1) usePanes.getState().toggleZoom(group.id);
};
