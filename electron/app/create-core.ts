// SPDX-License-Identifier: MIT
import { hostname } from 'node:os';
import { createNodePtyHost, defaultShell, shellEnvironment } from '../pty/node-pty-host';
import { MirrorHost } from '../pty/mirror-host';
import { PtyManager } from '../pty/pty-manager';
import type { PreludeMark } from '../pty/types';
import { closeOnExit } from '../pty/close-on-exit';
import { watchForeground } from '../pty/foreground-watch';
import type { PtyHost } from '../pty/types';
import type { KeyStore } from '../llm/key-store';
import { Recorder } from '../recorder/recorder';
import { projectPath } from '../runtime/paths';
import { openStore } from '../store/store';
import { appHandlers, type AppHandlerDeps } from '../ipc/app-handlers';
import { commandsHandlers } from '../ipc/commands-handlers';
import { ptyHandlers } from '../ipc/pty-handlers';
import { createRouter, type Broadcast, type Client, type Router } from '../ipc/router';
import { wireAssistant } from './assistant-wiring';
import { wireHistory } from './history-wiring';
import { wireSsh } from './ssh-wiring';
import { planLaunch } from './profile-launch';
import { keepScreens } from './screen-keeper';
import { wireWorkspace } from './workspace';

export interface CoreOptions {
  readonly host: 'electron' | 'web';
  readonly version: string;
  readonly dataDir: string;
  readonly ptyHost?: PtyHost;
  readonly shell?: string;
  /** Where resources/shell-integration lives (packaged apps move it); default: next to the sources. */
  readonly integrationDir?: string;
  /** Where API keys live (Electron: safeStorage); default: a 0600 file in the data dir. */
  readonly keyStore?: KeyStore;
  /** Opens a URL in the user's browser (Electron: shell.openExternal). */
  readonly openExternal?: (url: string) => void;
  /** Shows a desktop notification (Electron: Notification); browser mode has none, its page notifies. */
  readonly notify?: AppHandlerDeps['notify'];
  readonly log?: (message: string) => void;
}

export interface Core {
  readonly router: Router;
  /** Something the user should be told once a window is up (e.g. a corrupt database was replaced). */
  readonly notices: readonly string[];
  /** Settles once the store is open and every handler is wired; rejects with why the core could not start. */
  readonly ready: Promise<void>;
  /** Registers a renderer for broadcasts; it is dropped when it closes. */
  connect(client: Client): void;
  shutdown(): Promise<void>;
}

const defaultIntegrationDir = (): string => projectPath('resources/shell-integration');

/**
 * A router that can take requests before the real one exists: they wait for it, in the order they
 * came (one promise chain), and once it is there calls go straight through. Requests that waited
 * for a core that failed to start are answered `internal` by the transport.
 */
export const deferredRouter = (ready: Promise<Router>): Router => {
  let router: Router | undefined;
  ready.then(
    (value) => (router = value),
    () => undefined,
  );
  return {
    invoke: (client, channel, payload) => router?.invoke(client, channel, payload) ?? ready.then((r) => r.invoke(client, channel, payload)),
    send: (client, channel, payload) => {
      if (router) return router.send(client, channel, payload);
      ready.then(
        (r) => r.send(client, channel, payload),
        () => undefined,
      );
    },
  };
};

interface Assembled {
  readonly router: Router;
  shutdown(): Promise<void>;
}

/**
 * The composition root of the main process: builds the store, the recorder, the ptys and the
 * assistant, and joins them to one router. Both hosts (Electron and the browser host) call this.
 */
const assemble = async (
  options: CoreOptions,
  { notices, clients, log }: { notices: string[]; clients: ReadonlySet<Client>; log: (message: string) => void },
): Promise<Assembled> => {
  const [opened, mirrors] = await Promise.all([openStore({ dataDir: options.dataDir }), MirrorHost.start({ log })]);
  const store = opened.store;
  if (opened.recoveredCorruptTo) {
    notices.push(`The history database was damaged; it was moved to ${opened.recoveredCorruptTo} and a new one started.`);
  }
  if (opened.orphanedSessionsEnded > 0) log(`store: ended ${opened.orphanedSessionsEnded} sessions left open by a crash`);

  const broadcast: Broadcast = (channel, payload) => {
    for (const client of clients) client.emit(channel, payload);
  };
  const assistant = await wireAssistant({
    store,
    dataDir: options.dataDir,
    ...(options.keyStore ? { keyStore: options.keyStore } : {}),
    broadcast,
    log,
  });
  const { settings } = assistant;
  const integrationDir = options.integrationDir ?? defaultIntegrationDir();
  const ssh = wireSsh({ settings, dataDir: options.dataDir, integrationDir, broadcast, log, env: shellEnvironment });
  const recorder = new Recorder({
    store,
    integrationDir,
    ssh,
    hostname: hostname(),
    events: {
      command: (command) => {
        if (command.endedAt !== null) assistant.commandFinished(command);
        broadcast('commands:updated', { command });
      },
      session: (session) => broadcast('session:updated', { session }),
    },
  });
  const ptys = new PtyManager(options.ptyHost ?? createNodePtyHost(), recorder.tapFor, mirrors.factory);

  type SpawnRequest = { cols: number; rows: number; cwd?: string; private?: boolean; profileId?: string };
  const profileOf = new Map<string, string>();
  const spawn = ({ cols, rows, cwd, private: isPrivate, profileId }: SpawnRequest, id: string, prelude?: string, preludeMarks?: readonly PreludeMark[]) => {
    const shell = settings.current.terminal.shell || options.shell || defaultShell();
    const plan = planLaunch(settings.current.profiles, { profileId, cwd }, shell);
    if (plan.profile) profileOf.set(id, plan.profile.id);
    return ptys.spawn(
      recorder.launch(
        id,
        { cols, rows, shell: plan.program, ...(plan.cwd ? { cwd: plan.cwd } : {}) },
        { ...shellEnvironment(), ...plan.env },
        { private: isPrivate === true, args: plan.args },
      ),
      id,
      prelude,
      preludeMarks,
    );
  };
  // What each recorded terminal shows, kept for the next start's restore: never a private one's,
  // nor one whose recording is paused (what it shows now was asked not to be kept).
  const screens = keepScreens({
    keepable: () => ptys.list().filter((p) => !p.exit && recorder.recording(p.id) === 'on').map((p) => p.id),
    written: (id) => ptys.writtenBy(id),
    screen: (id, keep) => ptys.keepableScreen(id, keep),
    kv: store.tables.settings,
    log,
  });
  // After the keeper: an erase and a keeping pass never interleave (screen-keeper.ts forgetting).
  const history = wireHistory({ store, recorder, settings, forgetInMemory: assistant.forgetCommands, broadcast, log, screens });
  const pty = ptyHandlers({
    ptys,
    announce: (event, id, except) => {
      for (const client of clients) if (client !== except) client.emit(event, { id });
    },
    spawn,
    recording: (id) => recorder.recording(id),
    setPaused: (id, paused) => {
      // Pausing means "don't keep this": its kept screen goes now, and what it shows from here on
      // (unrecorded output, lines from before) is never kept again, resumed or not.
      if (paused) void screens.unkeep([id]);
      return recorder.setPaused(id, paused);
    },
    recordingChanged: (id, recording) => broadcast('pty:recording-changed', { id, recording }),
    profileOf: (id) => profileOf.get(id) ?? null,
  });
  // A shell that exits closes its pane in every window (unless the setting keeps it).
  closeOnExit(ptys, () => settings.current.terminal.onExit, (id) => broadcast('pty:closed', { id }));
  // Tab titles name the program in the foreground, which only the kernel knows.
  const stopForeground = watchForeground(ptys, (id, process) => broadcast('pty:foreground', { id, process }));

  const app = appHandlers({
    host: options.host,
    version: options.version,
    dataDir: options.dataDir,
    notices,
    ...(options.openExternal ? { openExternal: options.openExternal } : {}),
    ...(options.notify ? { notify: options.notify } : {}),
  });

  // Every channel of the contract must have its handler here: the router's types say so.
  const router = createRouter(
    { ...pty.invoke, ...commandsHandlers(store, recorder), ...history.handlers, ...wireWorkspace({ settings, store, recorder, ptys, spawn, profileOf: (id) => profileOf.get(id), screens }), ...assistant.handlers, ...app.invoke },
    { ...pty.send, ...app.send },
    {
      onRejected: (channel, reason) => log(`ipc: rejected ${channel}: ${reason}`),
      onError: (channel, error) => log(`ipc: ${channel} failed: ${(error as Error)?.stack ?? String(error)}`),
    },
  );

  return {
    router,
    shutdown: async () => {
      stopForeground();
      assistant.close();
      history.dispose();
      ssh.dispose();
      // Before the terminals die (their screens with them); a stuck mirror must not hold the exit.
      screens.dispose();
      await Promise.race([screens.flush(), new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
      await ptys.killAll();
      await mirrors.close();
      await store.close();
    },
  };
};

/**
 * Starts the core and returns at once, so a host can start listening while the store opens: the
 * router holds requests until `ready` (see deferredRouter), and renderers can connect meanwhile.
 */
export const startCore = (options: CoreOptions): Core => {
  const log = options.log ?? ((message: string) => console.error(message));
  const notices: string[] = [];
  const clients = new Set<Client>();
  const assembled = assemble(options, { notices, clients, log });
  const ready = assembled.then(() => undefined);
  // Handled here so a failure before the host awaits `ready` (it starts its server first) is not
  // an unhandled rejection; awaiting `ready` still throws it.
  ready.catch(() => undefined);
  let shutdown: Promise<void> | undefined;
  return {
    router: deferredRouter(assembled.then((parts) => parts.router)),
    notices,
    ready,
    connect: (client) => {
      clients.add(client);
      client.onClose(() => clients.delete(client));
    },
    // A core that never started has nothing to stop.
    shutdown: () => (shutdown ??= assembled.then((parts) => parts.shutdown(), () => undefined)),
  };
};

/** The core once it is ready (the desktop host opens its window only then). */
export const createCore = async (options: CoreOptions): Promise<Core> => {
  const core = startCore(options);
  await core.ready;
  return core;
};
