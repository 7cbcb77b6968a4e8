// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../shared/domain/command';
import { commandActions } from './command-actions';

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
  const on = {
    copyCommand: (c: CommandRecord) => void calls.push(`copy ${c.id}`),
    forget: (c: CommandRecord) => void calls.push(`forget ${c.id}`),
    forgetSession: (c: CommandRecord) => void calls.push(`forget-session ${c.sessionId}`),
  };

  it('offers copy, forget and forget-session under their test ids, and runs the matching handler', () => {
    const actions = commandActions(command, on);
    expect(actions.map((a) => a.testId)).toEqual(['command-copy', 'command-forget', 'command-forget-session']);
    for (const action of actions) action.run();
    expect(calls).toEqual(['copy s:3', 'forget s:3', 'forget-session s']);
  });

  it('cannot copy a command line that was never recorded', () => {
    const copy = commandActions({ ...command, commandLine: null }, on).find((a) => a.id === 'copy-command')!;
    expect(copy.disabled).toBe(true);
  });
});
