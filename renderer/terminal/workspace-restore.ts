// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { TabNames, WorkspaceLayout } from '../../shared/ipc/workspace';
import { leaves, type PaneNode } from '../state/pane-tree';
import { applyStoredLayout, usePanes } from '../state/panes';
import { linkPreviousSession } from '../state/previous-sessions';
import { rememberTabName } from '../state/tab-memory';
import { useTabs } from '../state/tabs';
import { api } from '../transport/api';

/** With restore = ask: how many panes the last session left, until the user answers. */
export const useRestoreOffer = create<{ waiting: number }>()(() => ({ waiting: 0 }));

/**
 * Whether this window may save its layout as "the workspace": not before the start-up restore
 * was decided, or the tab opened meanwhile would overwrite what is waiting to come back.
 */
let decided = false;

/** Gives tabs the names saved with the workspace (a tab renamed in this browser since keeps its own). */
export const applyTabNames = (names: TabNames | undefined, overwrite: boolean): void => {
  const tabs = useTabs.getState();
  const live = tabs.tabs.map((t) => t.id);
  for (const [id, name] of Object.entries(names ?? {})) {
    const tab = tabs.tabs.find((t) => t.id === id);
    if (!tab || (tab.customTitle && !overwrite)) continue;
    tabs.update(id, { customTitle: name });
    rememberTabName(id, name, live);
  }
};

/** Restored terminals list the commands of the sessions they continue (by pty id). */
export const linkPrevious = (previous: Record<string, string> | undefined): void => {
  for (const [id, previousId] of Object.entries(previous ?? {})) {
    const tab = useTabs.getState().tabs.find((t) => t.id === id);
    if (tab) void linkPreviousSession(tab.sessionId, previousId);
  }
};

/** Attaches the restored terminals and lays them out as they were; true when there were any. */
const adopt = async (
  groups: WorkspaceLayout,
  names: TabNames | undefined,
  attach: (id: string, activate: boolean) => Promise<void>,
  previous?: Record<string, string>,
): Promise<boolean> => {
  if (groups.length === 0) return false;
  for (const group of groups) for (const id of leaves(group.root as PaneNode)) await attach(id, false);
  applyStoredLayout(groups);
  applyTabNames(names, true);
  linkPrevious(previous);
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
  return adopt(result.value.groups, result.value.names, attach, result.value.previous);
};

/** The user's answer to the offer. */
export const answerRestoreOffer = async (restore: boolean, attach: (id: string, activate: boolean) => Promise<void>): Promise<void> => {
  useRestoreOffer.setState({ waiting: 0 });
  if (restore) {
    const result = await api.invoke('workspace:restore', { confirmed: true });
    if (result.ok) await adopt(result.value.groups, result.value.names, attach, result.value.previous);
  }
  decided = true;
  scheduleSave();
};

/**
 * The layout the running terminals last had in some window (read before attaching: each terminal
 * attached is first a tab of its own, and that would be saved over it). For a window with no
 * layout of its own, such as the launch URL reopened after its tab was closed.
 */
export const savedLayout = async (): Promise<{ groups: WorkspaceLayout; names: TabNames; previous?: Record<string, string> } | undefined> => {
  const result = await api.invoke('workspace:layout', {});
  return result.ok && result.value.groups.length > 0 ? result.value : undefined;
};

/** A window that attached to running terminals has nothing to restore. */
export const markDecided = (): void => {
  decided = true;
};

let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Tells the main process this window's tabs, panes and tab names (at most every 300 ms): what the
 * next start restores. Not restarted by each call: a steady stream of session updates (a shell
 * busy changing directory, titles) must not put the save off for good.
 */
export const scheduleSave = (): void => {
  if (!decided || timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    const groups = usePanes.getState().groups.map(({ root, focus }) => ({ root, focus }));
    const names: Record<string, string> = {};
    for (const tab of useTabs.getState().tabs) if (tab.customTitle) names[tab.id] = tab.customTitle;
    void api.invoke('workspace:save', { groups: groups as WorkspaceLayout, names });
  }, 300);
};

// A renamed tab is part of what comes back.
let previousNames = '';
useTabs.subscribe((state) => {
  const names = state.tabs.map((t) => `${t.id}=${t.customTitle ?? ''}`).join('\n');
  if (names === previousNames) return;
  previousNames = names;
  scheduleSave();
});
