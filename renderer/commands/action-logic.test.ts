// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../shared/domain/command';
import { rerunInput, rerunPlan, transcriptOf, type RerunFacts } from './action-logic';

const command: CommandRecord = {
  id: 's:3',
  sessionId: 's',
  seq: 3,
  commandLine: 'seq 1 5',
  cwd: '/src/app',
  hostname: 'devbox',
  shell: 'bash',
  startedAt: 1,
  endedAt: 2,
  exitCode: 0,
  outputStart: 0,
  outputEnd: 10,
  outputSummary: '',
  source: 'integrated',
};

const facts = (overrides: Partial<RerunFacts> = {}): RerunFacts => ({
  command,
  terminal: { id: 's', exited: false },
  sessionCommands: [command],
  busy: false,
  sessionHostname: 'devbox',
  ...overrides,
});

describe('rerunPlan', () => {
  it('types into its own terminal when that one is at a prompt', () => {
    expect(rerunPlan(facts())).toEqual({ kind: 'type', terminalId: 's' });
  });

  it('opens a new tab in its directory when its terminal is gone, exited, busy or running something', () => {
    const newTab = { kind: 'new-tab', cwd: '/src/app' };
    expect(rerunPlan(facts({ terminal: undefined }))).toEqual(newTab);
    expect(rerunPlan(facts({ terminal: { id: 's', exited: true } }))).toEqual(newTab);
    expect(rerunPlan(facts({ busy: true }))).toEqual(newTab);
    const running = { ...command, id: 's:4', seq: 4, endedAt: null, exitCode: null };
    expect(rerunPlan(facts({ sessionCommands: [command, running] }))).toEqual(newTab);
    // The command itself still running.
    expect(rerunPlan(facts({ command: running, sessionCommands: [command, running] }))).toEqual(newTab);
  });

  it('does not count an interrupted command as running', () => {
    const interrupted = { ...command, id: 's:4', seq: 4, endedAt: null, exitCode: null, interrupted: true };
    expect(rerunPlan(facts({ sessionCommands: [command, interrupted] }))).toEqual({ kind: 'type', terminalId: 's' });
  });

  it('does not go to a directory of another host, nor to an unknown one', () => {
    expect(rerunPlan(facts({ terminal: undefined, command: { ...command, hostname: 'remote' } }))).toEqual({ kind: 'new-tab', cwd: null });
    expect(rerunPlan(facts({ terminal: undefined, command: { ...command, cwd: null } }))).toEqual({ kind: 'new-tab', cwd: null });
  });

  it('cannot rerun a command line that was not recorded', () => {
    expect(rerunPlan(facts({ command: { ...command, commandLine: null } })).kind).toBe('none');
    expect(rerunPlan(facts({ command: { ...command, commandLine: '  ' } })).kind).toBe('none');
  });
});

describe('rerunInput', () => {
  it('clears the line, types the command and presses Enter', () => {
    expect(rerunInput('seq 1 5')).toBe('\x15seq 1 5\r');
  });

  it('presses Enter for each line of a multi-line command', () => {
    expect(rerunInput('for i in 1 2\ndo echo $i\r\ndone')).toBe('\x15for i in 1 2\rdo echo $i\rdone\r');
  });
});

describe('transcriptOf', () => {
  it('prefixes the output with the command line', () => {
    expect(transcriptOf('seq 1 2', '1\n2\n')).toBe('$ seq 1 2\n1\n2\n');
    expect(transcriptOf(null, 'x')).toBe('$ \nx');
  });
});
