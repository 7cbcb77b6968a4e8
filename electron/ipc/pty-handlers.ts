// SPDX-License-Identifier: MIT
import { basename } from 'node:path';
import { DomainError, type InvokeParsed } from '../../shared/ipc';
import type { RecordingState } from '../../shared/ipc/history';
import type { PtyInfo } from '../../shared/ipc/pty';
import type { PtyManager, PtySink } from '../pty/pty-manager';
import type { PtyProcess } from '../pty/types';
import type { Client, InvokeHandlers, SendHandlers } from './router';
import { UnclaimedOutput } from './unclaimed-terminal';

type PtyInvoke = Pick<InvokeHandlers, 'pty:spawn' | 'pty:list' | 'pty:attach' | 'pty:kill' | 'pty:busy' | 'pty:recording'>;
type PtySend = Pick<SendHandlers, 'pty:input' | 'pty:resize' | 'pty:ack' | 'pty:visibility'>;

export interface PtyHandlerDeps {
  readonly ptys: PtyManager;
  /**
   * Opens a new terminal as a window asked for it (its size, directory, privacy and profile), its
   * session recording with it, under a new id (electron/app/terminal-launcher.ts).
   */
  readonly open: (request: InvokeParsed<'pty:spawn'>) => PtyProcess;
  /** Tells every window (but `except`) that a terminal opened or closed, so their tab bars agree. */
  readonly announce: (event: 'pty:opened' | 'pty:closed', id: string, except?: Client) => void;
  /** How a terminal is recorded, and pausing it (the recorder's). */
  readonly recording: (id: string) => RecordingState;
  readonly setPaused: (id: string, paused: boolean) => RecordingState;
  /** Tells every window a terminal's recording state changed. */
  readonly recordingChanged: (id: string, recording: RecordingState) => void;
  /** The profile a terminal was opened with (undefined: the plain shell). */
  readonly profileOf: (id: string) => string | undefined;
}

const toPtyInfo = (pty: PtyProcess, recording: RecordingState, profileId: string | null = null): PtyInfo => ({
  id: pty.id,
  sessionId: pty.id,
  pid: pty.pid,
  shell: pty.shell,
  cwd: pty.cwd,
  cols: pty.cols,
  rows: pty.rows,
  exited: pty.exit !== undefined,
  exitCode: pty.exit?.exitCode ?? null,
  recording,
  profileId,
});

type ClientSink = PtySink & { visible: boolean; shown: Set<string> | undefined; gone: boolean };

/** One sink per client, so a client's acks and visibility only count for the ptys it is attached to. */
const sinks = new WeakMap<Client, ClientSink>();

const sinkFor = (client: Client, ptys: PtyManager): ClientSink => {
  let sink = sinks.get(client);
  if (!sink) {
    const created: ClientSink = {
      // A client is visible, with every terminal on screen, until it says otherwise.
      visible: true,
      gone: false,
      shown: undefined,
      shows(id) {
        return this.visible && (this.shown === undefined || this.shown.has(id));
      },
      data: (id, data, end) => client.emit('pty:data', { id, data, end }),
      mark: (id, mark, at) => client.emit('pty:mark', { id, at, ...mark }),
      exit: (id, exit) => client.emit('pty:exit', { id, exitCode: exit.exitCode, signal: exit.signal }),
      detached: (id) => client.emit('pty:detached', { id }),
    };
    sinks.set(client, created);
    // At once for a client gone already (a page reloaded while its start was answered).
    client.onClose(() => {
      created.gone = true;
      ptys.detachSink(created);
    });
    sink = created;
  }
  return sink;
};

const requirePty = (ptys: PtyManager, id: string): PtyProcess => {
  const pty = ptys.get(id);
  if (!pty) throw new DomainError('not-found', `no terminal ${id}`);
  return pty;
};

/** A terminal opened before a window asked for it (electron/ipc/start.ts), and what it sent since. */
export interface Unclaimed {
  readonly pty: PtyProcess;
  readonly output: UnclaimedOutput;
}

/** Opening a window's first terminal before the window asks, and giving it to the window that does. */
export interface UnaskedTerminals {
  open(size: { readonly cols: number; readonly rows: number }): Unclaimed;
  /** Attaches `client` as if it had spawned the terminal (undefined when it is gone meanwhile). */
  claim(unclaimed: Unclaimed, client: Client, size: { readonly cols: number; readonly rows: number }): PtyInfo | undefined;
  /** Nobody came for it: it runs on as any terminal does, for the next window to list. */
  release(unclaimed: Unclaimed): void;
}

export const ptyHandlers = (deps: PtyHandlerDeps): { invoke: PtyInvoke; send: PtySend; unasked: UnaskedTerminals } => {
  const { ptys, open, announce } = deps;
  const info = (pty: PtyProcess): PtyInfo => toPtyInfo(pty, deps.recording(pty.id), deps.profileOf(pty.id) ?? null);
  const unasked: UnaskedTerminals = {
    open: (size) => {
      const pty = open(size);
      const output = new UnclaimedOutput();
      void ptys.attach(pty.id, output);
      // Not announced yet: the page about to claim it would attach it a second time.
      return { pty, output };
    },
    claim: ({ pty, output }, client, { cols, rows }) => {
      const sink = sinkFor(client, ptys);
      if (!ptys.handOver(pty.id, output, sink, () => output.replayTo(pty.id, sink))) return undefined;
      // Other windows list it now; the one that claimed it has it already.
      announce('pty:opened', pty.id, client);
      sink.shown?.add(pty.id);
      if (!pty.exit && (pty.cols !== cols || pty.rows !== rows)) ptys.resize(pty.id, cols, rows);
      return info(pty);
    },
    release: ({ pty, output }) => {
      if (ptys.handOver(pty.id, output)) announce('pty:opened', pty.id);
    },
  };
  return {
    unasked,
    invoke: {
      'pty:spawn': (request, client) => {
        const pty = open(request);
        const sink = sinkFor(client, ptys);
        // The window that asked shows its new tab at once: its first prompt need not wait for the report.
        sink.shown?.add(pty.id);
        // Nothing has been printed yet: the live output that follows is the whole screen.
        void ptys.attach(pty.id, sink);
        announce('pty:opened', pty.id, client);
        return info(pty);
      },
      'pty:list': () => ptys.list().map(info),
      'pty:attach': async ({ id }, client) => {
        const pty = requirePty(ptys, id);
        const snapshot = await ptys.attach(id, sinkFor(client, ptys));
        if (!snapshot) throw new DomainError('not-found', `no terminal ${id}`);
        return { info: info(pty), snapshot };
      },
      'pty:kill': async ({ id }) => {
        const killed = await ptys.kill(id);
        if (killed) announce('pty:closed', id);
        return { killed };
      },
      'pty:busy': ({ id }) => {
        const pty = requirePty(ptys, id);
        if (pty.exit) return { busy: false, process: '' };
        const process = pty.foregroundProcess();
        return { busy: process !== basename(pty.shell), process };
      },
      'pty:recording': ({ id, paused }) => {
        const pty = requirePty(ptys, id);
        if (deps.recording(id) === 'private') throw new DomainError('failed', 'A private terminal is never recorded.');
        deps.recordingChanged(id, deps.setPaused(id, paused));
        return info(pty);
      },
    },
    send: {
      'pty:input': ({ id, data, reply }, client) => ptys.input(id, data, sinks.get(client), reply === true),
      'pty:resize': ({ id, cols, rows }) => ptys.resize(id, cols, rows),
      'pty:ack': ({ id, chars }, client) => {
        const sink = sinks.get(client);
        if (sink) ptys.ack(id, chars, sink);
      },
      'pty:visibility': ({ visible, shown }, client) => {
        const sink = sinkFor(client, ptys);
        sink.visible = visible;
        sink.shown = shown ? new Set(shown) : undefined;
        ptys.visibilityChanged(sink);
      },
    },
  };
};
