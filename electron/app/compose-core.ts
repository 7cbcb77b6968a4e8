// SPDX-License-Identifier: MIT
import { join } from 'node:path';
import { hostname } from 'node:os';
import { PathPrograms } from '../agent/quick-fix/path-programs';
import { appHandlers, type AppHandlerDeps } from '../ipc/app-handlers';
import { commandsHandlers } from '../ipc/commands-handlers';
import { completionHandlers } from '../ipc/completion-handlers';
import { createStart } from '../ipc/start';
import { createRouter, type Broadcast, type Client, type Router } from '../ipc/router';
import { FileKeyStore, type KeyStore } from '../llm/key-store';
import { MirrorHost } from '../pty/mirror-host';
import { createNodePtyHost, defaultShell, shellEnvironment } from '../pty/node-pty-host';
import type { PtyHost } from '../pty/types';
import { Recorder } from '../recorder/recorder';
import { projectPath } from '../runtime/paths';
import { SettingsService } from '../settings/settings-service';
import { openStore } from '../store/store';
import { ConfirmationService } from '../agent/invocation/confirmation';
import { mayRunUnasked } from '../agent/risk/allow-list';
import { wireAgent } from './agent-wiring';
import { wireAssistant } from './assistant-wiring';
import { wireContext } from './context-wiring';
import { wireHistory } from './history-wiring';
import { wireMcp } from './mcp-wiring';
import { wireSsh } from './ssh-wiring';
import { wireSync } from './sync-wiring';
import { wireTerminals } from './terminal-wiring';
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

/** The composed core: one router over every handler, and the way to stop it all. */
export interface ComposedCore {
  readonly router: Router;
  /** A window's page began to load: its first terminal may open now (electron/ipc/start.ts). */
  pageOpening(): void;
  shutdown(): Promise<void>;
}

const defaultIntegrationDir = (): string => projectPath('resources/shell-integration');

/**
 * The composition root of the main process; both hosts (Electron and the browser host) reach it
 * through create-core.ts. Each service is made once, here, after everything it needs, and handed
 * to whatever uses it: the store and the mirrors, the settings, the MCP servers, ssh, the recorder,
 * the terminals (their launcher, screens and handlers), the context engine, the assistant's hands
 * (run_command), the assistant, history, the workspace and the app's handlers, joined to one router.
 * Nothing is bound late: the recorder publishes (Recorder.on) and those that follow its commands
 * subscribe when they are made.
 */
export const composeCore = async (
  options: CoreOptions,
  { notices, clients, log }: { notices: string[]; clients: ReadonlySet<Client>; log: (message: string) => void },
): Promise<ComposedCore> => {
  // Node's fetch (under the model SDKs) files an entry per request in a global buffer of 250 that
  // nothing here reads; heap snapshots of a soak run found a host keeping every model request's.
  performance.setResourceTimingBufferSize(0);
  const [opened, mirrors] = await Promise.all([openStore({ dataDir: options.dataDir }), MirrorHost.start({ log })]);
  const store = opened.store;
  if (opened.recoveredCorruptTo) {
    notices.push(`The history database was damaged; it was moved to ${opened.recoveredCorruptTo} and a new one started.`);
  }
  if (opened.orphanedSessionsEnded > 0) log(`store: ended ${opened.orphanedSessionsEnded} sessions left open by a crash`);

  const broadcast: Broadcast = (channel, payload) => {
    for (const client of clients) client.emit(channel, payload);
  };
  const settings = await SettingsService.open({
    kv: store.tables.settings,
    keys: options.keyStore ?? new FileKeyStore(join(options.dataDir, 'keys.json')),
    env: process.env,
  });
  for (const problem of settings.problems) log(`settings: ${problem}`);
  // The user's MCP servers start now, beside the rest; an answer offers the tools of those ready by then.
  // One confirmation service decides for every tool call: run_command's and the MCP tools'.
  const confirmations = new ConfirmationService({ settings: () => settings.current.agent, mayRunUnasked });
  const mcp = wireMcp({ dataDir: options.dataDir, broadcast, log, confirmations });
  const integrationDir = options.integrationDir ?? defaultIntegrationDir();
  const ssh = wireSsh({ settings, dataDir: options.dataDir, integrationDir, broadcast, log, env: shellEnvironment });
  // The recorder publishes commands and sessions; whoever follows them subscribes once it exists.
  const recorder = new Recorder({ store, integrationDir, ssh, hostname: hostname() });
  const terminals = wireTerminals({
    settings,
    recorder,
    host: options.ptyHost ?? createNodePtyHost(),
    mirrors: mirrors.factory,
    fallbackShell: () => options.shell || defaultShell(),
    kv: store.tables.settings,
    clients,
    broadcast,
    log,
  });
  const { ptys, launcher, screens } = terminals;
  const context = await wireContext({ store, settings, broadcast, log, liveSession: (id) => recorder.live(id) });
  // The assistant's hands (run_command) over the terminals it types into.
  // A step's terminal opens here, in main, and every window shows it as a tab: it needs no window.
  const openTerminal = async ({ cwd, besideSessionId }: { cwd: string | null; besideSessionId: string | null }) => {
    const beside = besideSessionId === null ? undefined : ptys.get(besideSessionId);
    const pty = launcher.open({
      cols: beside?.cols ?? 100,
      rows: beside?.rows ?? 30,
      cwd: cwd ?? undefined,
      from: besideSessionId ?? undefined,
    });
    broadcast('pty:opened', { id: pty.id });
    return pty.id;
  };
  const agent = wireAgent({
    ptys,
    recorder,
    originOf: (id) => launcher.originOf(id),
    store,
    engine: context.engine,
    settings,
    openTerminal,
    confirmations,
  });
  const assistant = wireAssistant({ store, settings, broadcast, log, context, recorder, agent: agent.agent, mcp: mcp.turnDeps });
  recorder.on('command', (command) => broadcast('commands:updated', { command }));
  recorder.on('session', (session) => broadcast('session:updated', { session }));
  // After the keeper: an erase and a keeping pass never interleave (screen-keeper.ts forgetting).
  const history = wireHistory({ store, recorder, settings, forgetInMemory: assistant.forgetCommands, broadcast, log, screens });
  // Sync runs in its own worker, off the output path; it starts its first run after one interval.
  const sync = wireSync({
    dataDir: options.dataDir,
    dbPath: store.path,
    settings,
    forgotten: history.forgottenElsewhere,
    broadcast,
    log,
  });
  // Programs on PATH for quick fixes of a program name typed wrong: listed when first asked, then per changed folder.
  const pathPrograms = new PathPrograms();
  // Ctrl+Space's list; its spec worker starts with the first question, never here.
  const completion = completionHandlers({ store, recorder, forgetPending: history.forgetPending, log });
  const { restorePending, ...workspace } = wireWorkspace({ settings, store, recorder, ptys, launcher, screens });
  const start = createStart({
    ...terminals.handlers.invoke,
    ...workspace,
    unasked: terminals.handlers.unasked,
    running: () => ptys.list().length > 0,
    restorePending,
  });
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
    {
      ...terminals.handlers.invoke,
      ...commandsHandlers(store, recorder, { forgetPending: history.forgetPending, pathPrograms: () => pathPrograms.names() }),
      ...history.handlers,
      ...sync.handlers,
      ...completion.handlers,
      ...workspace,
      ...start.handlers,
      ...assistant.handlers,
      ...agent.handlers(assistant.runningSteps),
      ...mcp.handlers(assistant.runningToolSteps),
      ...app.invoke,
    },
    { ...terminals.handlers.send, ...app.send },
    {
      onRejected: (channel, reason) => log(`ipc: rejected ${channel}: ${reason}`),
      onError: (channel, error) => log(`ipc: ${channel} failed: ${(error as Error)?.stack ?? String(error)}`),
    },
  );

  return {
    router,
    pageOpening: start.pageOpening,
    shutdown: async () => {
      terminals.dispose();
      assistant.close();
      await mcp.close();
      history.dispose();
      await sync.close();
      completion.dispose();
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
