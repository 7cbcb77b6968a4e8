// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../shared/domain/command';
import { chooseTarget } from '../agent/run/agent-deps';
import type { PtyManager } from '../pty/pty-manager';
import type { Recorder } from '../recorder/recorder';
import { wireAgent } from './agent-wiring';

interface Terminal {
  exited?: boolean;
  foreground?: string;
  recording?: 'on' | 'paused' | 'private';
  mode?: 'integrated' | 'plain';
  running?: boolean;
  atPrompt?: boolean;
  from?: string;
}

/** One terminal as the port reads it: its pty and what the recorder knows of it. */
const portOver = (t: Terminal) => {
  const pty = {
    exit: t.exited ? { exitCode: 0, signal: null } : undefined,
    cwd: '/home/dev',
    shell: '/bin/bash',
    foregroundProcess: () => t.foreground ?? 'bash',
    readsSecretInput: () => false,
  };
  const observers: Array<{ bytes?: (id: string, direction: 0 | 1, bytes: Buffer) => void }> = [];
  const ptys = {
    get: (id: string) => (id === 's1' ? pty : undefined),
    observe: (observer: (typeof observers)[number]) => observers.push(observer),
  } as unknown as PtyManager;
  const recorder = {
    recording: () => t.recording ?? 'on',
    live: () => ({ cwd: '/home/dev/project', mode: t.mode ?? 'integrated' }),
    runningCommand: () => (t.running ? ({ id: 's1:1' } as CommandRecord) : undefined),
    atPrompt: () => t.atPrompt ?? false,
    on: (_event: 'command', listener: (record: CommandRecord) => void) => {
      commands.add(listener);
      return () => void commands.delete(listener);
    },
  } as unknown as Recorder;
  const commands = new Set<(record: CommandRecord) => void>();
  const { port } = wireAgent({
    ptys,
    recorder,
    originOf: (id) => (id === 's1' ? t.from : undefined),
    store: {} as never,
    engine: {} as never,
    settings: { current: { agent: {} as never } },
    openTerminal: async () => 'unused',
    confirmations: {} as never,
  }).agent;
  /** Input written to s1, as the user's keys reach the pty. */
  const type = (data: string) => observers.forEach((o) => o.bytes?.('s1', 0, Buffer.from(data)));
  const ended = () => commands.forEach((listener) => listener({ sessionId: 's1', endedAt: 5 } as CommandRecord));
  return Object.assign(port, { type, ended });
};

describe('where the assistant may type: the terminal port over the live ptys', () => {
  it('an integrated, recorded shell at its prompt is the target', () => {
    const port = portOver({});
    expect(port.state('s1')).toEqual({ idle: true, busy: null, cwd: '/home/dev/project' });
    expect(chooseTarget(port, 's1')).toMatchObject({ kind: 'active', sessionId: 's1' });
  });

  it.each<[string, Terminal, string]>([
    ['private', { recording: 'private' }, 'private'],
    ['paused', { recording: 'paused' }, 'not recorded'],
    ['an ssh session (its remote shell holds the terminal)', { foreground: 'ssh' }, 'ssh holds the terminal'],
    ['a REPL', { foreground: 'python3' }, 'python3 holds the terminal'],
    ['running a command', { running: true }, 'a command runs'],
    ['without shell integration', { mode: 'plain' }, 'no shell integration yet'],
  ])('a terminal that is %s never gets the command: a new pane does', (_what, terminal, busy) => {
    const port = portOver(terminal);
    expect(port.state('s1')).toMatchObject({ idle: false, busy });
    expect(chooseTarget(port, 's1')).toEqual({ kind: 'new-pane', cwd: '/home/dev/project', besideSessionId: 's1' });
  });

  it('a half-typed line at the prompt makes the terminal not idle, until Enter, Ctrl+C or Ctrl+U leaves the line empty', () => {
    const port = portOver({});
    port.type('\x1b[I');
    expect(port.state('s1')).toMatchObject({ idle: true });
    port.type('git com');
    expect(port.state('s1')).toMatchObject({ idle: false, busy: 'a line is typed at its prompt' });
    expect(chooseTarget(port, 's1')).toMatchObject({ kind: 'new-pane', besideSessionId: 's1' });
    port.type('\x03');
    expect(port.state('s1')).toMatchObject({ idle: true });
    port.type('ls');
    port.ended();
    expect(port.state('s1')).toMatchObject({ idle: true });
  });

  it('a private terminal says whether its shell is at a prompt (its step pane waits on that), never idle', () => {
    expect(portOver({ recording: 'private', atPrompt: true }).state('s1')).toEqual({
      idle: false,
      busy: 'private',
      cwd: '/home/dev/project',
      private: true,
      atPrompt: true,
    });
    expect(portOver({ recording: 'private', atPrompt: true, foreground: 'vim' }).state('s1')).toMatchObject({ atPrompt: false });
    expect(portOver({ recording: 'private' }).state('s1')).toMatchObject({ atPrompt: false });
    expect(portOver({ recording: 'private', from: 's0' }).state('s1')).toMatchObject({ openedFrom: 's0' });
  });

  it('an exited terminal, or one that does not exist, has no state at all', () => {
    expect(portOver({ exited: true }).state('s1')).toBeUndefined();
    expect(portOver({}).state('nope')).toBeUndefined();
    expect(chooseTarget(portOver({ exited: true }), 's1')).toEqual({ kind: 'new-pane', cwd: null, besideSessionId: null });
  });
});
