// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IDisposable } from '../lifetime/disposable';
import { useCommands } from '../state/commands';
import { createWorkspaceStore, type WorkspaceStore } from '../state/workspace';
import type { TerminalController, TerminalControllerOptions } from './terminal-controller';
import type { LiveTerminalOptions } from './xterm/terminal-options';
import { closeTerminal, configureTerminals, controllerFor, onCommandClick, openLink, openTerminal, startTerminals } from './terminals';
import { FakeConnection, FakePage, FakeTransport, okResult, ptyInfo } from './workspace/testing/fake-host';

/** A controller that keeps what it is told: the terminals' wiring is tested here, xterm.js is not. */
interface FakeController {
  readonly options: TerminalControllerOptions;
  readonly applied: LiveTerminalOptions[];
  disposed: boolean;
}

let transport: FakeTransport;
let store: WorkspaceStore;
let made: FakeController[];
let running: IDisposable | undefined;

const start = (): IDisposable =>
  (running = startTerminals({
    api: transport.api,
    connection: Object.assign(new FakeConnection(), { host: 'electron' as const }),
    page: new FakePage(),
    store,
    createController: (options) => {
      const controller: FakeController = { options, applied: [], disposed: false };
      made.push(controller);
      const view = {
        write: () => undefined,
        applyMark: () => undefined,
        restore: () => undefined,
        applyOptions: (applied: LiveTerminalOptions) => void controller.applied.push(applied),
        dispose: () => void (controller.disposed = true),
      };
      return view as unknown as TerminalController;
    },
  }));

beforeEach(() => {
  transport = new FakeTransport();
  transport.answer('pty:spawn', () => okResult(ptyInfo('p1')));
  transport.answer('pty:kill', () => okResult({ killed: true }));
  store = createWorkspaceStore();
  made = [];
});

afterEach(() => {
  running?.dispose();
  running = undefined;
});

describe('before the app starts them', () => {
  it('has no terminals, and says so with a code when asked to open one', async () => {
    expect(controllerFor('p1')).toBeUndefined();
    const failure = await openTerminal().catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'TerminalsNotStartedError' });
    expect(failure).toMatchObject({ code: 'not-started' });
  });
});

describe('started terminals', () => {
  it('open a terminal with a controller in the looks the settings gave', async () => {
    start();
    configureTerminals({ fontSize: 17 });
    await openTerminal();
    expect(controllerFor('p1')).toBeDefined();
    expect(made[0]!.applied).toEqual([{ fontSize: 17 }]);
    configureTerminals({ fontSize: 12 });
    expect(made[0]!.applied.at(-1)).toEqual({ fontSize: 12 });
  });

  it('name the terminal after the title its program sets', async () => {
    start();
    await openTerminal();
    made[0]!.options.onTitle('vim');
    expect(store.getState().terminals[0]!.programTitle).toBe('vim');
    made[0]!.options.onTitle('');
    expect(store.getState().terminals[0]!.programTitle).toBeNull();
  });

  it('select a clicked command and hand it to the installed handler until it is uninstalled', async () => {
    start();
    await openTerminal();
    const clicked: string[] = [];
    const uninstall = onCommandClick((id) => clicked.push(id));
    made[0]!.options.onCommandClick('p1:3');
    expect(useCommands.getState().selectedId).toBe('p1:3');
    uninstall();
    made[0]!.options.onCommandClick('p1:4');
    expect(clicked).toEqual(['p1:3']);
  });

  it('open links through main in the desktop app', () => {
    start();
    openLink('https://example.com/');
    expect(transport.sentOn('app:open-external')).toEqual([{ url: 'https://example.com/' }]);
  });

  it('close a terminal at once, before the kill is answered', async () => {
    start();
    await openTerminal();
    const closing = closeTerminal('p1');
    expect(store.getState().terminals).toEqual([]);
    expect(made[0]!.disposed).toBe(true);
    await closing;
  });

  it('end with their disposal: no listener left, no controller reachable', async () => {
    const terminals = start();
    await openTerminal();
    expect(transport.listenerCount()).toBeGreaterThan(0);
    terminals.dispose();
    expect(transport.listenerCount()).toBe(0);
    expect(controllerFor('p1')).toBeUndefined();
    expect(made[0]!.disposed).toBe(true);
    await expect(openTerminal()).rejects.toMatchObject({ name: 'TerminalsNotStartedError' });
  });
});
