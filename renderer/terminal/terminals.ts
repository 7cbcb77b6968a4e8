// SPDX-License-Identifier: MIT
import type { PtyInfo } from '../../shared/ipc/pty';
import { toDisposable, type IDisposable } from '../lifetime/disposable';
import { useCommands } from '../state/commands';
import { useSettings } from '../state/settings';
import { useWorkspace, type WorkspaceStore } from '../state/workspace';
import { createLinkRouter, type LinkRouter } from './link-routing';
import type { PromptInputModel } from './prompt-input/prompt-input-model';
import type { TerminalController, TerminalControllerOptions } from './terminal-controller';
import type { LiveTerminalOptions } from './xterm/terminal-options';
import { startInlineSuggestion } from './suggest/inline-suggestion';
import { looksFor, rememberProfile, setLooks } from './terminal-looks';
import type { ConnectionEvents, PageVisibility } from './workspace/shown-terminals';
import type { EarlyStart } from './workspace/early-start';
import { TerminalWorkspace, type OpenOptions, type WorkspaceApi } from './workspace/terminal-workspace';

/** What the terminals need from the page: the transport, the connection, the page's visibility, a way to make views. */
export interface TerminalsDeps {
  readonly api: WorkspaceApi;
  readonly connection: ConnectionEvents & { readonly host: 'electron' | 'web' };
  readonly page: PageVisibility;
  /** Makes a terminal's controller: `new TerminalController` in the app (boot.ts), a fake in tests. */
  readonly createController: (options: TerminalControllerOptions) => TerminalController;
  readonly store?: WorkspaceStore;
  /** The window's start, asked before the terminals were (main.tsx). */
  readonly early?: EarlyStart;
}

/** Asked of the terminals before the app started them (boot.ts starts them before the first terminal is drawn). */
class TerminalsNotStartedError extends Error {
  readonly code = 'not-started';
  constructor() {
    super('The terminals are not started yet.');
    this.name = 'TerminalsNotStartedError';
  }
}

type CommandClickHandler = (commandId: string) => void;
const ignoreClick: CommandClickHandler = () => undefined;

/** The window's terminals, from `startTerminals` until its disposal; React and the actions reach them here. */
let current: { readonly workspace: TerminalWorkspace<TerminalController>; readonly links: LinkRouter } | undefined;
let commandClicked = ignoreClick;

const started = (): TerminalWorkspace<TerminalController> => {
  if (!current) throw new TerminalsNotStartedError();
  return current.workspace;
};

/**
 * Starts this window's terminals (once, at start-up): every listener they need is registered now
 * and removed by the returned disposable, which also disposes every terminal's controller.
 */
export const startTerminals = (deps: TerminalsDeps): IDisposable => {
  current?.workspace.dispose();
  const { api, connection } = deps;
  const links = createLinkRouter({
    host: () => connection.host,
    sendExternal: (url) => api.send('app:open-external', { url }),
    openWindow: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    confirm: (message) => window.confirm(message),
  });
  const store = deps.store ?? useWorkspace;
  const createTerminal = (info: PtyInfo): TerminalController => {
    const controller = deps.createController({
      id: info.id,
      api,
      openLink: (url) => void links.open(url),
      openHyperlink: (url) => void links.openConfirmed(url),
      onTitle: (title) => store.getState().update(info.id, { programTitle: title || null }),
      onCommandClick: (commandId) => {
        useCommands.getState().select(commandId);
        commandClicked(commandId);
      },
      attach: ({ term, promptInput }) =>
        startInlineSuggestion(info.id, {
          term,
          promptInput,
          shell: info.shell,
          ask: async (prefix) => {
            const answer = await api.invoke('history:suggest', { id: info.id, prefix });
            return answer.ok ? answer.value.line : null;
          },
          // Through the input gate like every insertion: a recorded line's controls are removed, never a CR.
          type: (data) => void controller.insert(data, { title: 'Suggestion' }),
          mode: () => useSettings.getState().view?.terminal.inlineSuggestions ?? 'auto',
        }),
    });
    rememberProfile(info.id, info.profileId);
    controller.applyOptions(looksFor(info.id));
    return controller;
  };
  const workspace = new TerminalWorkspace({
    api,
    connection,
    page: deps.page,
    store,
    createTerminal,
    ...(deps.early ? { early: deps.early } : {}),
  });
  const instance = { workspace, links };
  current = instance;
  return toDisposable(() => {
    if (current === instance) current = undefined;
    workspace.dispose();
  });
};

/** A terminal's controller (its xterm.js and addons), while it is open. */
export const controllerFor = (id: string): TerminalController | undefined => current?.workspace.viewOf(id);

/** What is typed at a terminal's prompt (prompt-input/prompt-input-model.ts), while it is open. */
export const promptInputFor = (id: string): PromptInputModel | undefined => current?.workspace.viewOf(id)?.promptInput;

/** Settings for every terminal, open now or opened later; `forProfile` gives a profile's looks. */
export const configureTerminals = (
  options: LiveTerminalOptions,
  forProfile?: (profileId: string) => LiveTerminalOptions | undefined,
): void => {
  setLooks(options, forProfile);
  for (const [id, controller] of current?.workspace.views() ?? []) controller.applyOptions(looksFor(id));
};

/** Opens a link whose visible text is its URL, in the desktop through main, in browser mode in a tab. */
export const openLink = (url: string): void => void current?.links.open(url);

/** Opens a link whose target is hidden behind its text (OSC 8, markdown) once the user confirmed. */
export const openLinkAfterConfirm = (url: string): void => void current?.links.openConfirmed(url);

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

/** Opens a terminal: a tab of its own, or with `split` a pane next to an open one (in its tab). */
export const openTerminal = async (options: OpenOptions = {}): Promise<string> => started().open(options);

/** Closes a terminal (a pane; a tab goes with its last pane). */
export const closeTerminal = async (id: string): Promise<void> => started().close(id);

/** Pauses or resumes a terminal's recording. */
export const setRecording = async (id: string, paused: boolean): Promise<void> => started().setRecording(id, paused);

/** The program running in a terminal's foreground, unless it is the idle shell. */
export const isBusy = async (id: string): Promise<string | undefined> => started().isBusy(id);

/** Re-attaches every live pty (after a reload or reconnect); opens a first terminal if there are none. */
export const syncTerminals = async (): Promise<void> => started().sync();

/** The window's first sync, once: the app reports its failure and does not run a second one. */
export const startTerminalSync = async (): Promise<void> => started().start();

/** The restore offer's answer (restore = ask). */
export const answerRestore = async (restore: boolean): Promise<void> => started().answerRestore(restore);
