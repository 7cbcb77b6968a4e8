// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../shared/domain/command';
import { commandActions, type CommandActionHandlers } from './command-actions';

const command: CommandRecord = {
  id: 's:3',
  sessionId: 's',
  seq: 3,
  commandLine: 'make test',
  cwd: '/src',
  hostname: null,
  shell: 'bash',
  startedAt: 1,
  endedAt: 2,
  exitCode: 0,
  outputStart: 0,
  outputEnd: 10,
  outputSummary: '',
  source: 'integrated',
};

describe('command actions', () => {
  const calls: string[] = [];
  const record = (name: string) => (c: CommandRecord) => void calls.push(`${name} ${c.id}`);
  const on: CommandActionHandlers = {
    openOutput: record('open-output'),
    copyCommand: record('copy'),
    copyOutput: record('copy-output'),
    copyBoth: record('copy-both'),
    rerun: record('rerun'),
    attach: record('attach'),
    explain: record('explain'),
    quickFix: record('quick-fix'),
    forget: record('forget'),
    forgetSession: (c: CommandRecord) => void calls.push(`forget-session ${c.sessionId}`),
  };

  it('offers every action under its test id, and runs the matching handler', () => {
    calls.length = 0;
    const actions = commandActions(command, on);
    expect(actions.map((a) => a.testId)).toEqual([
      'command-open-output',
      'command-copy',
      'command-copy-output',
      'command-copy-both',
      'command-rerun',
      'command-attach',
      'command-forget',
      'command-forget-session',
    ]);
    for (const action of actions) action.run();
    expect(calls).toEqual([
      'open-output s:3',
      'copy s:3',
      'copy-output s:3',
      'copy-both s:3',
      'rerun s:3',
      'attach s:3',
      'forget s:3',
      'forget-session s',
    ]);
  });

  it('offers to explain a failure only for a command that exited non-zero', () => {
    const explain = (c: CommandRecord) => commandActions(c, on).some((a) => a.testId === 'command-explain');
    expect(explain({ ...command, exitCode: 2 })).toBe(true);
    expect(explain(command)).toBe(false);
    expect(explain({ ...command, exitCode: null })).toBe(false);
    expect(explain({ ...command, exitCode: null, endedAt: null })).toBe(false);
    // Before the forget actions, which stay last.
    expect(
      commandActions({ ...command, exitCode: 1 }, on)
        .map((a) => a.id)
        .slice(-3),
    ).toEqual(['explain', 'forget', 'forget-session']);
  });

  it('offers quick fixes for a failure a fix may help with, before explaining it', () => {
    calls.length = 0;
    const failed = commandActions({ ...command, exitCode: 127 }, on);
    expect(failed.map((a) => a.id).slice(-4)).toEqual(['quick-fix', 'explain', 'forget', 'forget-session']);
    failed.find((a) => a.testId === 'quick-fix')!.run();
    expect(calls).toEqual(['quick-fix s:3']);
    const fixes = (c: CommandRecord) => commandActions(c, on).some((a) => a.testId === 'quick-fix');
    expect(fixes(command)).toBe(false);
    expect(fixes({ ...command, exitCode: 130 })).toBe(false);
    expect(fixes({ ...command, exitCode: 1, commandLine: null })).toBe(false);
  });

  it('cannot copy or rerun a command line that was never recorded', () => {
    const actions = commandActions({ ...command, commandLine: null }, on);
    expect(actions.find((a) => a.id === 'copy-command')!.disabled).toBe(true);
    expect(actions.find((a) => a.id === 'rerun')!.disabled).toBe(true);
    expect(actions.find((a) => a.id === 'copy-output')!.disabled).toBeFalsy();
    expect(actions.find((a) => a.id === 'open-output')!.disabled).toBeFalsy();
  });
});
