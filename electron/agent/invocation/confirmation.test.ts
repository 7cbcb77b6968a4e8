// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { mayRunUnasked } from '../risk/allow-list';
import { ConfirmationService, type ToolCallProposal } from './confirmation';

const service = (autoRunReadOnly: boolean, denies?: (p: ToolCallProposal) => string | null) =>
  new ConfirmationService({
    settings: () => ({ autoRunReadOnly, autoRunCommands: ['git status', 'ls'] }),
    mayRunUnasked,
    ...(denies ? { denies } : {}),
  });

const run = (command: string, risk: ToolCallProposal['risk'] = 'read-only', conversationId = 'c1'): ToolCallProposal => ({
  conversationId,
  tool: 'run_command',
  command,
  risk,
});

describe('the confirmation service decides for every tool call, in main', () => {
  it('asks by default, and lets an allow-listed read-only line run only when the setting is on', async () => {
    expect(await service(false).decide(run('ls'))).toEqual({ kind: 'ask' });
    expect(await service(true).decide(run('ls'))).toEqual({ kind: 'allow', by: 'allow-list' });
    expect(await service(true).decide(run('make', 'other'))).toEqual({ kind: 'ask' });
  });

  it('always asks for a destructive command, whatever the list or a remembered allow says', async () => {
    const s = service(true);
    s.remember('c1', 'rm -rf build');
    expect(await s.decide(run('rm -rf build', 'destructive'))).toEqual({ kind: 'ask' });
    expect(await s.decide(run('ls > out', 'destructive'))).toEqual({ kind: 'ask' });
  });

  it('"allow this exact command again" holds for that line in that conversation only', async () => {
    const s = service(false);
    s.remember('c1', 'make test');
    expect(await s.decide(run('make test', 'other'))).toEqual({ kind: 'allow', by: 'remembered' });
    expect(await s.decide(run('make test ', 'other'))).toEqual({ kind: 'ask' });
    expect(await s.decide(run('make test', 'other', 'c2'))).toEqual({ kind: 'ask' });
  });

  it('a deny rule refuses first, and a tool with no command line asks unless it is a trusted read-only one', async () => {
    const s = service(true, (p) => (p.command?.startsWith('ls') ? 'no ls here' : null));
    expect(await s.decide(run('ls'))).toEqual({ kind: 'deny', rule: 'no ls here' });
    expect(await s.decide({ conversationId: 'c1', tool: 'docs__search' })).toEqual({ kind: 'ask' });
    expect(await s.decide({ conversationId: 'c1', tool: 'docs__search', readOnly: true })).toEqual({ kind: 'allow', by: 'read-only-tool' });
  });
});
