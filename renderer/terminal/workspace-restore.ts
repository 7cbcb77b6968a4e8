// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { WorkspaceLayout } from '../../shared/ipc/workspace';
import { leaves, type PaneNode } from '../state/pane-tree';
import { applyStoredLayout, usePanes } from '../state/panes';
import { useTabs } from '../state/tabs';
import { api } from '../transport/api';

/** With restore = ask: how many panes the last session left, until the user answers. */
export const useRestoreOffer = create<{ waiting: number }>()(() => ({ waiting: 0 }));

/**
 * Whether this window may save its layout as "the workspace": not before the start-up restore
 * was decided, or the tab opened meanwhile would overwrite what is waiting to come back.
 */
let decided = false;

/** Attaches the restored terminals and lays them out as they were; true when there were any. */
const adopt = async (groups: WorkspaceLayout, attach: (id: string, activate: boolean) => Promise<void>): Promise<boolean> => {
  if (groups.length === 0) return false;
  for (const group of groups) for (const id of leaves(group.root as PaneNode)) await attach(id, false);
  applyStoredLayout(groups);
  const first = usePanes.getState().groups[0];
  if (first) useTabs.getState().activate(first.focus);
  return true;
};

/** At a start with no terminals: the last session's tabs come back (or are offered). */
export const restoreAtStart = async (attach: (id: string, activate: boolean) => Promise<void>): Promise<boolean> => {
  const result = await api.invoke('workspace:restore', {});
  if (!result.ok) {
    decided = true;
    return false;
  }
  if (result.value.waiting > 0) useRestoreOffer.setState({ waiting: result.value.waiting });
  else decided = true;
  return adopt(result.value.groups, attach);
};

/** The user's answer to the offer. */
export const answerRestoreOffer = async (restore: boolean, attach: (id: string, activate: boolean) => Promise<void>): Promise<void> => {
  useRestoreOffer.setState({ waiting: 0 });
  if (restore) {
    const result = await api.invoke('workspace:restore', { confirmed: true });
    if (result.ok) await adopt(result.value.groups, attach);
  }
  decided = true;
  scheduleSave();
};

/** A window that attached to running terminals has nothing to restore. */
export const markDecided = (): void => {
  decided = true;
};

let timer: ReturnType<typeof setTimeout> | undefined;

/** Tells the main process this window's tabs and panes (debounced): what the next start restores. */
export const scheduleSave = (): void => {
  if (!decided) return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    const groups = usePanes.getState().groups.map(({ root, focus }) => ({ root, focus }));
    void api.invoke('workspace:save', { groups: groups as WorkspaceLayout });
  }, 300);
};
