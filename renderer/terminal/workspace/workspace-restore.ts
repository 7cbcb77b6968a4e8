// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { Api, InvokeResponse } from '../../../shared/ipc';
import type { Result } from '../../../shared/ipc/define';
import type { TabNames, WorkspaceLayout } from '../../../shared/ipc/workspace';
import { Disposable } from '../../lifetime/disposable';
import { leaves, type PaneNode } from '../../state/pane-tree';
import { linkPreviousSession } from '../../state/previous-sessions';
import { rememberTabName } from '../../state/tab-memory';
import type { WorkspaceStore } from '../../state/workspace';

/** With restore = ask: how many panes the last session left, until the user answers. */
export const useRestoreOffer = create<{ waiting: number }>()(() => ({ waiting: 0 }));

type RestoreAnswer = InvokeResponse<'workspace:restore'>;

/** Attaches a terminal by pty id (the workspace's own attach). */
export type Attach = (id: string, activate: boolean) => Promise<void>;

/** The layout saved with the workspace, with the names and earlier sessions that go with it. */
export interface SavedLayout {
  readonly groups: WorkspaceLayout;
  readonly names?: TabNames;
  readonly previous?: Record<string, string>;
}

const SAVE_DELAY_MS = 300;

/**
 * What the next start brings back: this window's tabs, panes and tab names are saved with the
 * main process, and at a start with no terminals the last ones are restored (or offered).
 */
export class WorkspaceRestore extends Disposable {
  /**
   * Whether this window may save its layout as "the workspace": not before the start-up restore
   * was decided, or the tab opened meanwhile would overwrite what is waiting to come back.
   */
  private _decided = false;
  private _timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly _api: Pick<Api, 'invoke'>,
    private readonly _store: WorkspaceStore,
  ) {
    super();
    // A renamed tab is part of what comes back.
    let names = '';
    this._registerUndo(
      _store.subscribe((state, previous) => {
        if (state.terminals === previous.terminals) return;
        const now = state.terminals.map((t) => `${t.id}=${t.customTitle ?? ''}`).join('\n');
        if (now === names) return;
        names = now;
        this.scheduleSave();
      }),
    );
    this._registerUndo(() => clearTimeout(this._timer));
  }

  /** Gives terminals the names saved with the workspace (one renamed in this browser since keeps its own). */
  applyTabNames(names: TabNames | undefined, overwrite: boolean): void {
    const live = this._store.getState().terminals.map((t) => t.id);
    for (const [id, name] of Object.entries(names ?? {})) {
      const terminal = this._store.getState().terminals.find((t) => t.id === id);
      if (!terminal || (terminal.customTitle && !overwrite)) continue;
      this._store.getState().update(id, { customTitle: name });
      rememberTabName(id, name, live);
    }
  }

  /** Restored terminals list the commands of the sessions they continue (by pty id). */
  linkPrevious(previous: Record<string, string> | undefined): void {
    for (const [id, previousId] of Object.entries(previous ?? {})) {
      const terminal = this._store.getState().terminals.find((t) => t.id === id);
      if (terminal) void linkPreviousSession(this._api, terminal.sessionId, previousId);
    }
  }

  /**
   * At a start with no terminals: the last session's tabs come back (or are offered); true when some
   * did. `answered`: the restore's answer when the window's start brought it (`workspace:start`).
   */
  async restoreAtStart(attach: Attach, answered?: RestoreAnswer): Promise<boolean> {
    const result: Result<RestoreAnswer> = answered ? { ok: true, value: answered } : await this._api.invoke('workspace:restore', {});
    if (!result.ok) {
      this._decided = true;
      return false;
    }
    if (result.value.waiting > 0) useRestoreOffer.setState({ waiting: result.value.waiting });
    else this._decided = true;
    return this._adopt(result.value, attach);
  }

  /** The user's answer to the offer. */
  async answerOffer(restore: boolean, attach: Attach): Promise<void> {
    useRestoreOffer.setState({ waiting: 0 });
    if (restore) {
      const result = await this._api.invoke('workspace:restore', { confirmed: true });
      if (result.ok) await this._adopt(result.value, attach);
    }
    this._decided = true;
    this.scheduleSave();
  }

  /**
   * The layout the running terminals last had in some window (read before attaching: each terminal
   * attached is first a tab of its own, and that would be saved over it). For a window with no
   * layout of its own, such as the launch URL reopened after its tab was closed.
   */
  async savedLayout(): Promise<SavedLayout | undefined> {
    const result = await this._api.invoke('workspace:layout', {});
    return result.ok && result.value.groups.length > 0 ? result.value : undefined;
  }

  /** A window that attached to running terminals has nothing to restore. */
  markDecided(): void {
    this._decided = true;
  }

  /**
   * Tells the main process this window's tabs, panes and tab names (at most every 300 ms): what the
   * next start restores. Not restarted by each call: a steady stream of session updates (a shell
   * busy changing directory, titles) must not put the save off for good.
   */
  scheduleSave(): void {
    if (!this._decided || this._timer !== undefined || this.isDisposed) return;
    this._timer = setTimeout(() => {
      this._timer = undefined;
      const { tabs, terminals } = this._store.getState();
      const groups = tabs.map(({ root, focus }) => ({ root, focus }));
      const names: Record<string, string> = {};
      for (const terminal of terminals) if (terminal.customTitle) names[terminal.id] = terminal.customTitle;
      void this._api.invoke('workspace:save', { groups: groups as WorkspaceLayout, names });
    }, SAVE_DELAY_MS);
  }

  /** Attaches the restored terminals and lays them out as they were; true when there were any. */
  private async _adopt({ groups, names, previous }: SavedLayout, attach: Attach): Promise<boolean> {
    if (groups.length === 0) return false;
    for (const group of groups) for (const id of leaves(group.root as PaneNode)) await attach(id, false);
    this._store.getState().applyLayout(groups);
    this.applyTabNames(names, true);
    this.linkPrevious(previous);
    const first = this._store.getState().tabs[0];
    if (first) this._store.getState().activate(first.focus);
    return true;
  }
}
