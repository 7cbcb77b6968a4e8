// SPDX-License-Identifier: MIT
import type { Api } from '../../../shared/ipc';
import { DomainError, type Result } from '../../../shared/ipc/define';
import type { PtyInfo, TerminalMark, TerminalSnapshot } from '../../../shared/ipc/pty';
import { Disposable } from '../../lifetime/disposable';
import { rememberedActiveTerminal, rememberedPanes, rememberedTabName } from '../../state/tab-memory';
import { useWorkspace, type SplitRequest, type WorkspaceStore } from '../../state/workspace';
import { visibleTerminalsOf } from '../../state/workspace-model';
import { answerOf, HELD_CHANNELS, type EarlyStart, type HeldEvent } from './early-start';
import { LiveOutput } from './live-output';
import { rememberLayout } from './layout-memory';
import { followSessionCommands } from './session-commands';
import { ShownTerminals, type ConnectionEvents, type PageVisibility } from './shown-terminals';
import { WorkspaceRestore } from './workspace-restore';

/** What the workspace needs of a terminal's view (terminal-controller.ts is the one the app uses). */
export interface TerminalHandle {
  write(data: string): void;
  applyMark(mark: TerminalMark): void;
  restore(snapshot: TerminalSnapshot): void;
  dispose(): void;
}

export type WorkspaceApi = Pick<Api, 'invoke' | 'send' | 'on'>;

export interface TerminalWorkspaceDeps<C extends TerminalHandle> {
  readonly api: WorkspaceApi;
  readonly connection: ConnectionEvents;
  readonly page: PageVisibility;
  /** Makes the view of a terminal that appears here (once per pty). */
  readonly createTerminal: (info: PtyInfo) => C;
  /** Where the terminals and tabs are kept: the app's own store unless a test brings one. */
  readonly store?: WorkspaceStore;
  /** The window's start, asked before this workspace existed (main.tsx): its first sync uses the answer. */
  readonly early?: EarlyStart;
}

/** A new terminal: a tab of its own, or with `split` a pane next to an open one; private records nothing. */
export interface OpenOptions {
  readonly private?: boolean;
  readonly split?: SplitRequest;
  readonly cwd?: string;
  readonly profileId?: string;
}

/** A failed answer from main, thrown with its code (the message is shown to the user as it is). */
const unwrap = <T>(result: Result<T>): T => {
  if (!result.ok) throw new DomainError(result.error.code, result.error.message);
  return result.value;
};

const exitLine = (exitCode: number | null): string =>
  `\r\n\x1b[2m[process exited${exitCode === null ? '' : ` with code ${exitCode}`}]\x1b[0m\r\n`;

/**
 * The terminals of this window: the ptys it shows, their views, their output lined up with the
 * snapshots attaching returns, and their place in the tabs (kept in the workspace store). Every
 * event listener and store subscription it needs is registered here and undone by `dispose()`,
 * which also disposes the views; the app makes one at start-up (terminals.ts).
 */
export class TerminalWorkspace<C extends TerminalHandle = TerminalHandle> extends Disposable {
  private readonly _api: WorkspaceApi;
  private readonly _store: WorkspaceStore;
  private readonly _createTerminal: (info: PtyInfo) => C;
  private readonly _views = new Map<string, C>();
  private readonly _live = new LiveOutput((id) => this._views.get(id));
  private readonly _restore: WorkspaceRestore;
  private readonly _shown: ShownTerminals;
  private readonly _commands: ReturnType<typeof followSessionCommands>;
  private _syncing: Promise<void> | undefined;
  private _started: Promise<void> | undefined;
  private _early: EarlyStart['answer'] | undefined;

  constructor(deps: TerminalWorkspaceDeps<C>) {
    super();
    const { api } = deps;
    this._api = api;
    this._store = deps.store ?? useWorkspace;
    this._createTerminal = deps.createTerminal;
    this._registerUndo(() => {
      for (const view of this._views.values()) view.dispose();
      this._views.clear();
    });
    this._restore = this._register(new WorkspaceRestore(api, this._store));
    const handle = (event: HeldEvent): void => {
      switch (event.channel) {
        case 'pty:data':
          return this._live.data(event.payload.id, event.payload.data, event.payload.end);
        case 'pty:exit':
          return this._markExited(event.payload.id, event.payload.exitCode);
        case 'pty:mark': {
          const { id, at, ...mark } = event.payload;
          return this._live.mark(id, mark, at);
        }
        case 'pty:recording-changed':
          return this._store.getState().update(event.payload.id, { recording: event.payload.recording });
        // Terminals opened or closed in another window appear and disappear here too.
        case 'pty:opened':
          if (!this._views.has(event.payload.id)) this._attachQuietly(event.payload.id, false);
          return;
        case 'pty:closed':
          if (this._views.has(event.payload.id)) this._forget(event.payload.id);
          return;
      }
    };
    for (const channel of HELD_CHANNELS) this._registerUndo(api.on(channel, (payload) => handle({ channel, payload } as HeldEvent)));
    // What came before this workspace listened (the early start's new terminal's first output): in order, before anything later.
    if (deps.early) {
      this._early = deps.early.answer;
      for (const event of deps.early.release()) handle(event);
    }
    this._shown = this._register(
      new ShownTerminals({
        api,
        connection: deps.connection,
        page: deps.page,
        onScreen: () => visibleTerminalsOf(this._store.getState()),
        reattach: (id) => {
          if (this._views.has(id)) this._attachQuietly(id);
        },
        quietUntilChanged: deps.early !== undefined,
      }),
    );
    this._commands = this._register(followSessionCommands(api));
    this._registerUndo(rememberLayout(this._store, { shown: () => this._shown.changed(), save: () => this._restore.scheduleSave() }));
    // A shell that changed directory changes where its pane would come back.
    this._registerUndo(api.on('session:updated', () => this._restore.scheduleSave()));
  }

  /** The view of an open terminal. */
  viewOf(id: string): C | undefined {
    return this._views.get(id);
  }

  /** Every open terminal's view, by pty id. */
  views(): ReadonlyMap<string, C> {
    return this._views;
  }

  /** Opens a terminal (see OpenOptions) and answers its id. A private one that would be recorded is not kept. */
  async open(options: OpenOptions = {}): Promise<string> {
    // Set before spawning: the new terminal may appear (its first output) before the answer does.
    if (options.split) this._store.getState().requestSplit(options.split);
    const info = await this._api
      .invoke('pty:spawn', {
        cols: 100,
        rows: 30,
        ...(options.private ? { private: true } : {}),
        // Every split names the pane it divides: main decides privacy from it (terminal-launcher.ts).
        ...(options.split ? { from: options.split.target } : {}),
        ...(options.cwd ? { cwd: options.cwd } : {}),
        ...(options.profileId !== undefined ? { profileId: options.profileId } : {}),
      })
      .then(unwrap)
      .catch((error: unknown) => {
        this._store.getState().requestSplit(null);
        throw error;
      });
    if (options.private && info.recording !== 'private') {
      // Someone who asked for privacy must never get a recorded terminal that merely looks private.
      await this._api.invoke('pty:kill', { id: info.id });
      throw new DomainError('failed', 'A private tab could not be opened (this Contexterm would record it), so none was opened.');
    }
    this._adopt(info, undefined, true);
    return info.id;
  }

  /** Closes a terminal: its pane goes at once, the pty is killed after. */
  async close(id: string): Promise<void> {
    this._forget(id);
    await this._api.invoke('pty:kill', { id });
  }

  /** Pauses or resumes a terminal's recording; the answer (and the event to other windows) says the state. */
  async setRecording(id: string, paused: boolean): Promise<void> {
    const info = unwrap(await this._api.invoke('pty:recording', { id, paused }));
    this._store.getState().update(id, { recording: info.recording });
  }

  /** The program running in a terminal's foreground, when it is not the idle shell. */
  async isBusy(id: string): Promise<string | undefined> {
    const result = await this._api.invoke('pty:busy', { id });
    return result.ok && result.value.busy ? result.value.process : undefined;
  }

  /** The first sync, once (the page's start): later calls answer the same pass. */
  start(): Promise<void> {
    return (this._started ??= this.sync());
  }

  /** Re-attaches every live pty (after a reload or reconnect); restores or opens a first terminal if there are none. */
  sync(): Promise<void> {
    // Concurrent callers (StrictMode's double effects, a reconnect during start-up) share one pass.
    this._syncing ??= this._doSync().finally(() => (this._syncing = undefined));
    return this._syncing;
  }

  /** The user's answer to the restore offer (restore = ask). */
  answerRestore(restore: boolean): Promise<void> {
    return this._restore.answerOffer(restore, this._attach);
  }

  private async _doSync(): Promise<void> {
    const state = () => this._store.getState();
    // Read first: attaching activates the first terminal, which is remembered in turn.
    const wasActive = state().activeTerminalId ?? rememberedActiveTerminal();
    // Read before attaching: each terminal attached is first a tab of its own, which is remembered.
    const layout = rememberedPanes();
    // The early start's answer serves the first pass only.
    const early = this._early;
    this._early = undefined;
    const started = await answerOf(early);
    const ptys = started?.ptys ?? unwrap(await this._api.invoke('pty:list', {}));
    if (ptys.length === 0 && state().terminals.length === 0) {
      if (await this._restore.restoreAtStart(this._attach, started?.restore)) return;
      if (started?.spawned) this._adopt(started.spawned, undefined, true);
      else await this.open();
      return;
    }
    // A window with no layout of its own (a new one on the launch URL) takes the last saved one; a
    // reloaded one keeps its own. Either way restored panes list their earlier sessions' commands.
    const saved = state().terminals.length === 0 ? await this._restore.savedLayout() : undefined;
    const fresh = layout === null && saved !== undefined;
    this._restore.markDecided();
    for (const info of ptys) await this._attach(info.id, state().activeTerminalId === undefined);
    state().applyLayout(fresh ? saved.groups : layout);
    this._restore.applyTabNames(saved?.names, false);
    this._restore.linkPrevious(saved?.previous);
    if (fresh && !wasActive && saved.groups[0]) state().activate(saved.groups[0].focus);
    if (wasActive) state().activate(wasActive);
    const live = new Set(ptys.map((info) => info.id));
    for (const terminal of state().terminals) if (!live.has(terminal.id)) this._forget(terminal.id);
  }

  /** Attaches to a pty and paints its current screen, lining up the live output around it. */
  private readonly _attach = async (id: string, activate: boolean, takesSplit = true): Promise<void> => {
    this._live.begin(id);
    const result = await this._api.invoke('pty:attach', { id });
    if (!result.ok) {
      this._live.abandon(id);
      if (result.error.code === 'not-found') return this._forget(id);
      throw new DomainError(result.error.code, result.error.message);
    }
    this._adopt(result.value.info, result.value.snapshot, activate, takesSplit);
  };

  /** An attach nobody waits for (another window's terminal, a re-attach): a failure leaves things as they are. */
  private _attachQuietly(id: string, takesSplit = true): void {
    void this._attach(id, false, takesSplit).catch(() => undefined);
  }

  private _adopt(info: PtyInfo, snapshot: TerminalSnapshot | undefined, activate: boolean, takesSplit = true): void {
    // An attach that was answered after the workspace ended must not leave a view behind.
    if (this.isDisposed) return;
    let view = this._views.get(info.id);
    if (!view) {
      view = this._createTerminal(info);
      this._views.set(info.id, view);
    }
    if (snapshot) view.restore(snapshot);
    this._live.finish(info.id, snapshot);
    const { exited, exitCode, recording } = info;
    const customTitle = rememberedTabName(info.id);
    this._store
      .getState()
      .add(
        { id: info.id, sessionId: info.sessionId, shell: info.shell, programTitle: null, customTitle, exited, exitCode, recording },
        activate,
        takesSplit,
      );
    // A terminal known before (a re-attach) keeps its entry: bring its recording state up to date.
    this._store.getState().update(info.id, { recording });
    if (exited) this._markExited(info.id, exitCode);
    void this._commands.load(info.sessionId);
  }

  private _markExited(id: string, exitCode: number | null): void {
    this._store.getState().update(id, { exited: true, exitCode });
    this._views.get(id)?.write(exitLine(exitCode));
  }

  /** A terminal that is gone: its view is disposed and its pane leaves its tab. */
  private _forget(id: string): void {
    this._views.get(id)?.dispose();
    this._views.delete(id);
    this._store.getState().remove(id);
  }
}
