// SPDX-License-Identifier: MIT
import type { Orientation } from '../state/pane-tree';
import { leaves } from '../state/pane-tree';
import { activeTerminalId, tabOf, terminalById, useWorkspace, visibleTerminals } from '../state/workspace';
import { profileOf } from '../terminal/terminal-looks';
import { closeTerminal, openTerminal } from '../terminal/terminals';
import { useCommands } from '../state/commands';

export type PaneDirection = 'left' | 'right' | 'up' | 'down';

/**
 * Splits the focused pane: the new terminal runs the focused one's profile (its program, scheme and
 * font, as iTerm2 and Windows Terminal do) and starts where the focused one's shell is now.
 */
export const splitFocused = async (orientation: Orientation): Promise<void> => {
  const target = activeTerminalId();
  if (!target) return void (await openTerminal());
  const terminal = terminalById(target);
  const cwd = terminal ? useCommands.getState().sessions[terminal.sessionId]?.cwd : undefined;
  await openTerminal({ split: { target, orientation }, profileId: profileOf(target), ...(cwd ? { cwd } : {}) });
};

/**
 * Starts a fresh shell in place of an exited one (same spot, profile and directory): the new terminal is
 * split off next to it and the old one closed, so the new one takes over its space.
 */
export const restartPane = async (id: string): Promise<void> => {
  const terminal = terminalById(id);
  const cwd = terminal ? useCommands.getState().sessions[terminal.sessionId]?.cwd : undefined;
  await openTerminal({ split: { target: id, orientation: 'horizontal' }, profileId: profileOf(id), ...(cwd ? { cwd } : {}) });
  await closeTerminal(id);
};

/** The terminals of the tab a terminal is in (what closing that tab closes). */
export const tabTerminals = (id: string): string[] => {
  const tab = tabOf(id);
  return tab ? leaves(tab.root) : [id];
};

/**
 * Moves the keyboard to the pane on that side, by where panes are on screen (the tree alone does
 * not say what is "up" across nested splits): the nearest pane whose centre lies that way.
 */
export const focusPane = (direction: PaneDirection): void => {
  const current = activeTerminalId();
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
  if (best) useWorkspace.getState().activate(best.id);
};

export const toggleZoom = (): void => {
  const tab = tabOf(activeTerminalId());
  if (tab && leaves(tab.root).length > 1) useWorkspace.getState().toggleZoom(tab.id);
};
