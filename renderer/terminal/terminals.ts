// SPDX-License-Identifier: MIT
import type { PtyInfo, TerminalSnapshot } from '../../shared/ipc/pty';
import { useCommands } from '../state/commands';
import type { Orientation } from '../state/pane-tree';
import { applyStoredLayout, usePanes, visibleTerminals } from '../state/panes';
import { rememberActiveTab, rememberedActiveTab, rememberedPanes, rememberedTabName, rememberPanes } from '../state/tab-memory';
import { useTabs } from '../state/tabs';
import { looksFor, rememberProfile, setLooks } from './terminal-looks';
import { answerRestoreOffer, applyTabNames, linkPrevious, markDecided, restoreAtStart, savedLayout, scheduleSave } from './workspace-restore';
import { api, connection, unwrap } from '../transport/api';
import { createLinkRouter } from './link-routing';
import { LiveOutput } from './live-output';
import { TerminalController, type LiveTerminalOptions } from './terminal-controller';

/** Live controllers by pty id. Kept outside React so re-renders never touch xterm instances. */
const controllers = new Map<string, TerminalController>();

export const controllerFor = (id: string): TerminalController | undefined => controllers.get(id);

/** Settings for every terminal, open now or opened later; `forProfile` gives a profile's looks. */
export const configureTerminals = (options: LiveTerminalOptions, forProfile?: (profileId: string) => LiveTerminalOptions | undefined): void => {
  setLooks(options, forProfile);
  for (const [id, controller] of controllers) controller.applyOptions(looksFor(id));
};

const links = createLinkRouter({
  host: () => connection.host,
  sendExternal: (url) => api.send('app:open-external', { url }),
  openWindow: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
  confirm: (message) => window.confirm(message),
});

/** Opens a link whose visible text is its URL, in the desktop through main, in browser mode in a tab. */
export const openLink = (url: string): void => void links.open(url);

/** Opens a link whose target is hidden behind its text (OSC 8, markdown) once the user confirmed. */
export const openLinkAfterConfirm = (url: string): void => void links.openConfirmed(url);

const live = new LiveOutput((id) => controllers.get(id));

type CommandClickHandler = (commandId: string) => void;
const ignoreClick: CommandClickHandler = () => undefined;
let commandClicked = ignoreClick;

/**
 * What a click on a gutter mark does beyond selecting the command (the assistant attaches it).
 * Installed from outside so terminal/ never imports the assistant; returns the uninstall.
 */
export const onCommandClick = (handler: CommandClickHandler): (() => void) => {
  commandClicked = handler;
  return () => {
    if (commandClicked === handler) commandClicked = ignoreClick;
  };
};

const adopt = (info: PtyInfo, snapshot: TerminalSnapshot | undefined, activate: boolean): void => {
  let controller = controllers.get(info.id);
  if (!controller) {
    controller = new TerminalController({
      id: info.id,
      api,
      openLink,
      openHyperlink: openLinkAfterConfirm,
      onTitle: (title) => useTabs.getState().update(info.id, { programTitle: title || null }),
      onCommandClick: (commandId) => {
        useCommands.getState().select(commandId);
        commandClicked(commandId);
      },
    });
    rememberProfile(info.id, info.profileId);
    controller.applyOptions(looksFor(info.id));
    controllers.set(info.id, controller);
  }
  if (snapshot) controller.restore(snapshot);
  live.finish(info.id, snapshot);
  useTabs.getState().add(
    {
      id: info.id,
      sessionId: info.sessionId,
      shell: info.shell,
      programTitle: null,
      customTitle: rememberedTabName(info.id),
      exited: info.exited,
      exitCode: info.exitCode,
      recording: info.recording,
    },
    activate,
  );
  // A tab known before (a re-attach) keeps its entry: bring its recording state up to date.
  useTabs.getState().update(info.id, { recording: info.recording });
  if (info.exited) markExited(info.id, info.exitCode);
  void loadSession(info.sessionId);
};

/** The commands list and mode of a session, fetched when its tab appears (live updates follow). */
const loadSession = async (sessionId: string) => {
  const [commands, session] = await Promise.all([
    api.invoke('commands:list', { sessionId, limit: 500 }),
    api.invoke('session:get', { id: sessionId }),
  ]);
  if (commands.ok) useCommands.getState().setSessionCommands(sessionId, commands.value);
  if (session.ok) useCommands.getState().setSession(session.value);
};

const markExited = (id: string, exitCode: number | null) => {
  useTabs.getState().update(id, { exited: true, exitCode });
  controllers.get(id)?.write(`\r\n\x1b[2m[process exited${exitCode === null ? '' : ` with code ${exitCode}`}]\x1b[0m\r\n`);
};

/**
 * Opens a terminal: a tab of its own, or with `split` a pane next to an open one (in its tab). A
 * private one records nothing, and if it would be recorded it is not kept.
 */
export const openTab = async (
  options: {
    readonly private?: boolean;
    readonly split?: { target: string; orientation: Orientation };
    readonly cwd?: string;
    readonly profileId?: string;
  } = {},
): Promise<void> => {
  // Set before spawning: the new terminal may appear (its first output) before the answer does.
  if (options.split) usePanes.setState({ pendingSplit: options.split });
  const info = await unwrap(
    api.invoke('pty:spawn', {
      cols: 100,
      rows: 30,
      ...(options.private ? { private: true } : {}),
      ...(options.cwd ? { cwd: options.cwd } : {}),
      ...(options.profileId !== undefined ? { profileId: options.profileId } : {}),
    }),
  ).catch((error: unknown) => {
    usePanes.setState({ pendingSplit: null });
    throw error;
  });
  if (options.private && info.recording !== 'private') {
    // Someone who asked for privacy must never get a recorded terminal that merely looks private.
    await api.invoke('pty:kill', { id: info.id });
    throw new Error('A private tab could not be opened (this Contexterm would record it), so none was opened.');
  }
  adopt(info, undefined, true);
};

/** Pauses or resumes a tab's recording; the answer (and the event to other windows) says the state. */
export const setRecording = async (id: string, paused: boolean): Promise<void> => {
  const info = await unwrap(api.invoke('pty:recording', { id, paused }));
  useTabs.getState().update(id, { recording: info.recording });
};

/** Attaches to a pty and paints its current screen, lining up the live output around it. */
const attach = async (id: string, activate: boolean): Promise<void> => {
  live.begin(id);
  const result = await api.invoke('pty:attach', { id });
  if (!result.ok) {
    live.abandon(id);
    if (result.error.code === 'not-found') return disposeTab(id);
    throw new Error(result.error.message);
  }
  adopt(result.value.info, result.value.snapshot, activate);
};

let syncing: Promise<void> | undefined;

/** Re-attaches every live pty (after a reload or reconnect); opens a first tab if there are none. */
export const syncTabs = (): Promise<void> => {
  // Concurrent callers (StrictMode's double effects, a reconnect during start-up) share one pass.
  syncing ??= doSync().finally(() => (syncing = undefined));
  return syncing;
};

const doSync = async (): Promise<void> => {
  // Read first: attaching activates the first tab, which is remembered in turn.
  const wasActive = useTabs.getState().activeId ?? rememberedActiveTab();
  // Read before attaching: each terminal attached is first a tab of its own, which is remembered.
  const layout = rememberedPanes();
  const ptys = await unwrap(api.invoke('pty:list', {}));
  if (ptys.length === 0 && useTabs.getState().tabs.length === 0) {
    if (await restoreAtStart(attach)) return;
    return openTab();
  }
  // A window with no layout of its own (a new one on the launch URL) takes the last saved one; a
  // reloaded one keeps its own. Either way restored panes list their earlier sessions' commands.
  const saved = useTabs.getState().tabs.length === 0 ? await savedLayout() : undefined;
  const fresh = layout === null && saved !== undefined;
  markDecided();
  for (const info of ptys) await attach(info.id, useTabs.getState().activeId === undefined);
  applyStoredLayout(fresh ? saved.groups : layout);
  applyTabNames(saved?.names, false);
  linkPrevious(saved?.previous);
  if (fresh && !wasActive && saved.groups[0]) useTabs.getState().activate(saved.groups[0].focus);
  if (wasActive) useTabs.getState().activate(wasActive);
  const live = new Set(ptys.map((info) => info.id));
  for (const tab of useTabs.getState().tabs) if (!live.has(tab.id)) disposeTab(tab.id);
};

export const isBusy = async (id: string): Promise<string | undefined> => {
  const result = await api.invoke('pty:busy', { id });
  return result.ok && result.value.busy ? result.value.process : undefined;
};

export const closeTab = async (id: string): Promise<void> => {
  disposeTab(id);
  await api.invoke('pty:kill', { id });
};

const disposeTab = (id: string) => {
  controllers.get(id)?.dispose();
  controllers.delete(id);
  useTabs.getState().remove(id);
};

api.on('pty:data', ({ id, data, end }) => live.data(id, data, end));
api.on('pty:exit', ({ id, exitCode }) => markExited(id, exitCode));
api.on('pty:mark', ({ id, at, ...mark }) => live.mark(id, mark, at));
api.on('pty:recording-changed', ({ id, recording }) => useTabs.getState().update(id, { recording }));

/**
 * Only the terminal on screen (the active tab's, in a visible window) is sent output as it comes;
 * the server holds the others' and sends it when they are shown, so a flood in a background tab
 * costs this page nothing and never delays the keystrokes typed here. If too much piles up the
 * server detaches the terminal instead, and it repaints from its current screen once shown.
 */
const detached = new Set<string>();
const visible = () => document.visibilityState === 'visible';
const shownIds = (): string[] => (visible() ? visibleTerminals() : []);
const reattachDetached = () => {
  for (const id of shownIds()) {
    if (!detached.delete(id)) continue;
    if (controllers.has(id)) void attach(id, false).catch(() => undefined);
  }
};
// Tabs opened or closed in another window appear and disappear here too.
api.on('pty:opened', ({ id }) => {
  if (!controllers.has(id)) void attach(id, false).catch(() => undefined);
});
api.on('pty:closed', ({ id }) => {
  if (controllers.has(id)) disposeTab(id);
});

const reportVisibility = () => api.send('pty:visibility', { visible: visible(), shown: shownIds() });
const shownChanged = () => {
  reportVisibility();
  reattachDetached();
};
api.on('pty:detached', ({ id }) => {
  detached.add(id);
  reattachDetached();
});
document.addEventListener('visibilitychange', shownChanged);
connection.onStatus((status) => status === 'open' && reportVisibility());
reportVisibility();
api.on('commands:updated', ({ command }) => useCommands.getState().upsert(command));
api.on('session:updated', ({ session }) => useCommands.getState().setSession(session));

useTabs.subscribe((state, previous) => {
  if (state.activeId === previous.activeId) return;
  rememberActiveTab(state.activeId);
  shownChanged();
});
// Splitting, closing a pane or zooming changes what is on screen too; the layout survives a reload.
usePanes.subscribe((state, previous) => {
  if (state.groups === previous.groups) return;
  rememberPanes(state.groups.map(({ root, focus }) => ({ root, focus })));
  shownChanged();
  scheduleSave();
});
// A shell that changed directory changes where its pane would come back.
api.on('session:updated', () => scheduleSave());

/** The restore offer's answer (restore = ask), with this module's attach. */
export const answerRestore = (restore: boolean): Promise<void> => answerRestoreOffer(restore, attach);
