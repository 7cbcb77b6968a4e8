// SPDX-License-Identifier: MIT
import { existsSync, statSync } from 'node:fs';
import type { ProfilesSettings } from '../../shared/settings/profile-schema';
import type { TerminalSettings } from '../../shared/ipc/settings';
import type { InvokeHandlers } from '../ipc/router';
import type { PtyManager } from '../pty/pty-manager';
import type { Recorder } from '../recorder/recorder';
import type { Store } from '../store/store';
import { rebuiltScreen } from './rebuilt-screen';
import { restoredScreenWithMarks } from './restored-screen';
import { KEPT_LINES, type KeptScreen } from './screen-keeper';
import { mapWorkspace, parseSaved, WORKSPACE_KEY, type SavedPane, type SavedWorkspace } from './saved-workspace';
import type { Prelude, TerminalLauncher } from './terminal-launcher';
import { FIRST_TERMINAL_SIZE } from '../../shared/terminal/first-size';

export interface WorkspaceDeps {
  readonly settings: { readonly current: { readonly terminal: TerminalSettings; readonly profiles?: ProfilesSettings } };
  /** The settings table (the store's key-value table). */
  readonly kv: { get(key: string): Promise<string | undefined>; set(key: string, value: string): Promise<void> };
  /** A pane's live facts: where its shell is now, what it runs; undefined for a private or unknown terminal. */
  readonly pane: (id: string) => SavedPane | undefined;
  /** The last bytes of a session's recorded output. */
  readonly tail: (sessionId: string, maxBytes: number) => Promise<Buffer>;
  /**
   * How many bytes from the end of a session's recorded output its last command's output began,
   * when that command was still running as the session ended; undefined when it was not.
   */
  readonly unfinished?: (sessionId: string) => Promise<number | undefined>;
  /** Opens a terminal in `cwd` running `profileId` ('' the plain shell) with `prelude` shown first; answers its id. */
  readonly spawn: (request: { cwd?: string; profileId?: string }, prelude: Prelude) => string;
  /** The screens the last run kept, by session (see screen-keeper.ts); released once restored. */
  readonly screens?: { previous(): Promise<Record<string, KeptScreen>>; release(): void; continues?(fresh: string, old: string): void };
  /** Calls `listener` with each terminal that closes: what is kept for it goes. */
  readonly onClosed?: (listener: (id: string) => void) => void;
  readonly now?: () => number;
}

/** Enough scrollback to see where one was (a screenful or three), not a replay of the session. */
const RESTORED_BYTES = 64 * 1024;

const isDirectory = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();

/**
 * What a saved pane runs again: its profile, the plain shell when it had none, or, when its
 * profile was deleted since, the plain shell with a note for the label.
 */
const relaunch = (pane: SavedPane, profiles: ProfilesSettings | undefined): { profileId?: string; note?: string } => {
  if (pane.profileId === undefined) return {};
  if (pane.profileId === null) return { profileId: '' };
  if (profiles?.list.some((p) => p.id === pane.profileId)) return { profileId: pane.profileId };
  return { profileId: '', note: `profile ${pane.profileName ?? pane.profileId} was deleted: plain shell` };
};

/**
 * What a restored pane shows above its new shell: the screen the last run kept (the mirror's
 * normal buffer, drawn as it was), else the normal screen rebuilt from the recorded output's tail
 * (rebuilt-screen.ts): a session a command was forgotten from, whose kept screen went with it (the
 * recorded output no longer holds the command), or a workspace saved before screens were kept.
 */
const earlierScreen = async (screen: KeptScreen | undefined, sessionId: string, label: string, deps: WorkspaceDeps): Promise<Prelude> => {
  const shown = screen ? restoredScreenWithMarks(screen.data, label, screen.marks) : undefined;
  if (shown?.text) return shown;
  const bytes = await deps.tail(sessionId, RESTORED_BYTES).catch(() => Buffer.alloc(0));
  if (bytes.length === 0) return { text: '', marks: [] };
  const fromEnd = await deps.unfinished?.(sessionId).catch(() => undefined);
  const rebuilt = await rebuiltScreen(bytes, {
    cut: bytes.length >= RESTORED_BYTES,
    keep: KEPT_LINES,
    unfinishedFrom: fromEnd === undefined ? undefined : bytes.length - fromEnd,
  });
  return restoredScreenWithMarks(rebuilt.data, label);
};

/**
 * Session restore: windows report their tabs (in order), panes and tab names as they change
 * (`workspace:save`, kept in the store's settings table with each pane's cwd and profile); a start
 * with no terminals reopens them (`workspace:restore`) with their profiles, in those directories,
 * with their earlier scrollback, dimmed above a "restored" line. A window opening on running
 * terminals with no layout of its own takes the saved one (`workspace:layout`). Private panes are
 * never saved.
 */
export type WorkspaceHandlers = Pick<InvokeHandlers, 'workspace:save' | 'workspace:restore' | 'workspace:layout'> & {
  /** Whether `workspace:restore` would bring tabs back or offer to (electron/ipc/start.ts asks before opening a terminal unasked). */
  restorePending(): Promise<boolean>;
};

export const workspaceHandlers = (deps: WorkspaceDeps): WorkspaceHandlers => {
  const now = deps.now ?? Date.now;
  let restored = false;
  /** Restored terminal → the session it continues (this run's; a window opening later asks too). */
  const previous = new Map<string, string>();
  deps.onClosed?.((id) => previous.delete(id));
  const previousOf = (ids: Iterable<string>) =>
    Object.fromEntries([...ids].flatMap((id) => (previous.has(id) ? [[id, previous.get(id)!]] : [])));
  /**
   * The saved workspace as this run last wrote or read it: these handlers are its only writer, so
   * after the first read a window's start does not wait on the store (a parked writer takes
   * 60–100 ms to come back, which a page load then waited for before its shell started).
   */
  let known: Promise<string | undefined> | undefined;
  const read = async () => {
    const reading = (known ??= deps.kv.get(WORKSPACE_KEY));
    try {
      return parseSaved(await reading);
    } catch (error) {
      // A failed read is asked again next time, not remembered.
      if (known === reading) known = undefined;
      throw error;
    }
  };
  return {
    restorePending: async () => !restored && deps.settings.current.terminal.restore !== 'never' && (await read()) !== undefined,
    'workspace:save': async ({ groups, names = {} }) => {
      const panes: Record<string, SavedPane> = {};
      const kept = mapWorkspace(groups, names, (id) => {
        const pane = deps.pane(id);
        if (pane) panes[id] = pane;
        return pane ? id : undefined;
      });
      const saved: SavedWorkspace = { version: 1, savedAt: now(), groups: kept.groups, panes, names: kept.names };
      const text = JSON.stringify(saved);
      await deps.kv.set(WORKSPACE_KEY, text);
      known = Promise.resolve(text);
      return { saved: Object.keys(panes).length };
    },
    'workspace:layout': async () => {
      const saved = await read();
      if (!saved) return { groups: [], names: {} };
      const layout = mapWorkspace(saved.groups, saved.names ?? {}, (id) => (deps.pane(id) ? id : undefined));
      return { ...layout, previous: previousOf(previous.keys()) };
    },
    'workspace:restore': async ({ confirmed }) => {
      const mode = deps.settings.current.terminal.restore;
      // Once per run: a second window opening later must not reopen the tabs again.
      if (mode === 'never') deps.screens?.release();
      if (restored || mode === 'never') return { groups: [], waiting: 0 };
      const saved = await read();
      if (!saved) return { groups: [], waiting: 0 };
      if (mode === 'ask' && confirmed !== true) return { groups: [], waiting: Object.keys(saved.panes).length };
      restored = true;
      const date = new Date(saved.savedAt).toLocaleString();
      const fresh = new Map<string, string>();
      const screens = (await deps.screens?.previous()) ?? {};
      deps.screens?.release();
      for (const [oldId, pane] of Object.entries(saved.panes)) {
        const { profileId, note } = relaunch(pane, deps.settings.current.profiles);
        const label = `restored · ${pane.cwd} · ${date}${note ? ` · ${note}` : ''}`;
        const prelude = await earlierScreen(screens[pane.sessionId], pane.sessionId, label, deps);
        const cwd = isDirectory(pane.cwd) ? pane.cwd : undefined;
        const id = deps.spawn({ ...(cwd ? { cwd } : {}), ...(profileId !== undefined ? { profileId } : {}) }, prelude);
        fresh.set(oldId, id);
        previous.set(id, pane.sessionId);
        // Its prelude shows the old session's screen: forgetting from that session must reach this one's.
        deps.screens?.continues?.(id, pane.sessionId);
      }
      return { ...mapWorkspace(saved.groups, saved.names ?? {}, (id) => fresh.get(id)), waiting: 0, previous: previousOf(fresh.values()) };
    },
  };
};

/** The handlers over the real parts: the store's settings table and scrollback, live panes, the launcher. */
export const wireWorkspace = (parts: {
  readonly settings: WorkspaceDeps['settings'];
  readonly store: Store;
  readonly recorder: Recorder;
  readonly ptys: PtyManager;
  readonly launcher: TerminalLauncher;
  readonly screens?: WorkspaceDeps['screens'];
}) =>
  workspaceHandlers({
    settings: parts.settings,
    onClosed: (listener) => void parts.ptys.observe({ closed: listener }),
    kv: parts.store.tables.settings,
    pane: (id) => {
      const pty = parts.ptys.get(id);
      if (!pty || pty.exit || parts.launcher.isPrivate(id)) return undefined;
      const profileId = parts.launcher.profileOf(id) ?? null;
      const profileName = profileId === null ? undefined : parts.settings.current.profiles?.list.find((p) => p.id === profileId)?.name;
      return { sessionId: id, cwd: parts.recorder.live(id)?.cwd ?? pty.cwd, profileId, ...(profileName ? { profileName } : {}) };
    },
    tail: (sessionId, maxBytes) => parts.store.outputTail(sessionId, maxBytes),
    unfinished: async (sessionId) => {
      const [last] = await parts.store.recentCommands(sessionId, 1);
      // Ended with its session: its output ends at the session's last recorded byte.
      return last && last.exitCode === null && last.outputEnd !== null ? last.outputEnd - last.outputStart : undefined;
    },
    ...(parts.screens ? { screens: parts.screens } : {}),
    spawn: (request, prelude) => parts.launcher.open({ ...FIRST_TERMINAL_SIZE, ...request }, prelude).id,
  });
