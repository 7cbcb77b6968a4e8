// SPDX-License-Identifier: MIT
import { describe, expect, it, vi } from 'vitest';
import type { AgentStepView } from '../../../shared/ipc/agent';
import { setUp } from './testing/turn-harness';

describe('run_command: a proposed command runs only when the user says so', () => {
  it('waits for Run, types the command in the idle active terminal, and answers from the record', async () => {
    const t = setUp();
    const result = t.call('ls -la');
    const proposed = await t.stepIn('proposed');
    expect(proposed).toMatchObject({ command: 'ls -la', reason: 'to see', risk: 'read-only', target: 'active', autoRun: false });
    expect(t.terminals.typed).toEqual([]);
    await t.decisions.decide(proposed.id, { decision: 'run' });
    const running = await t.stepIn('running');
    expect(running.sessionId).toBe('s1');
    // Exactly the line and Enter: no Ctrl+E Ctrl+U before it (the prompt was idle with nothing typed).
    expect(t.terminals.typed).toEqual([{ sessionId: 's1', data: 'ls -la\r' }]);
    t.terminals.lastExit = 0;
    t.terminals.finish(0);
    const json = JSON.parse(await result);
    expect(json).toMatchObject({ status: 'ran', exit_code: 0, full_output: 'recorded output', duration_ms: 1500 });
    expect(await t.stepIn('done')).toMatchObject({ exitCode: 0, commandId: 's1:1' });
  });

  it('Skip runs nothing and tells the model the user declined', async () => {
    const t = setUp();
    const result = t.call('make deploy');
    const proposed = await t.stepIn('proposed');
    await t.decisions.decide(proposed.id, { decision: 'skip' });
    expect(JSON.parse(await result)).toMatchObject({ status: 'declined' });
    expect(t.terminals.typed).toEqual([]);
    await expect(t.stepIn('skipped')).resolves.toBeTruthy();
  });

  it('Edit runs the edited line, re-judges its risk, and the result says it was edited', async () => {
    const t = setUp();
    const result = t.call('ls');
    const proposed = await t.stepIn('proposed');
    await t.decisions.decide(proposed.id, { decision: 'run', command: 'rm -rf build' });
    const running = await t.stepIn('running');
    expect(running).toMatchObject({ command: 'rm -rf build', proposed: 'ls', risk: 'destructive' });
    t.terminals.finish(0);
    expect(JSON.parse(await result)).toMatchObject({ edited_by_user: true, you_proposed: 'ls', ran_instead: 'rm -rf build' });
  });

  it("opens the conversation's own terminal in main when the asking one is busy, and runs there once its shell is at a prompt", async () => {
    const t = setUp({}, { s1: { idle: false, busy: 'a command runs', cwd: '/srv/app' } });
    const result = t.call('git status');
    const proposed = await t.stepIn('proposed');
    expect(proposed.target).toBe('new-pane');
    await t.decisions.decide(proposed.id, { decision: 'run' });
    expect((await t.stepIn('running')).sessionId).toBe('t1');
    expect(t.opened).toEqual([{ id: 't1', cwd: '/srv/app', besideSessionId: 's1' }]);
    t.terminals.finish(1);
    expect(JSON.parse(await result).status).toBe('ran');
    expect(t.terminals.typed.map((x) => x.sessionId)).toEqual(['t1']);
    // The conversation's next step reuses it.
    const next = t.call('git log');
    await t.decisions.decide((await t.stepIn('proposed', 'git log')).id, { decision: 'run' });
    expect((await t.stepIn('running', 'git log')).sessionId).toBe('t1');
    t.terminals.finish(0);
    await next;
    expect(t.opened).toHaveLength(1);
  });

  it('Stop while it runs sends Ctrl+C and ends the call as stopped', async () => {
    const t = setUp();
    const result = t.call('sleep 100');
    await t.decisions.decide((await t.stepIn('proposed')).id, { decision: 'run' });
    await t.stepIn('running');
    await new Promise((resolve) => setTimeout(resolve, 0));
    t.controller.abort();
    await expect(result).rejects.toThrow(/Stopped/);
    expect(t.terminals.typed.at(-1)).toEqual({ sessionId: 's1', data: '\x03' });
    expect((await t.stepIn('stopped')).commandId).toBe('s1:1');
    // Ctrl+C is only a request: the terminal stays claimed until the record ends.
    expect(t.decisions.inUse.has('s1')).toBe(true);
    t.terminals.finish(130);
    expect(t.decisions.inUse.has('s1')).toBe(false);
  });

  it('hands a command that asks for a password to the user and still answers when it ends', async () => {
    const t = setUp();
    const result = t.call('sudo -k true');
    await t.decisions.decide((await t.stepIn('proposed')).id, { decision: 'run' });
    await t.stepIn('running');
    t.terminals.secret = true;
    let waiting: AgentStepView | undefined;
    for (let i = 0; i < 100 && !waiting; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      waiting = t.steps.find((s) => s.waiting !== null);
    }
    expect(waiting?.waiting).toBe('a password prompt');
    t.terminals.finish(0);
    expect(JSON.parse(await result)).toMatchObject({ status: 'ran', handed_to_user: 'a password prompt' });
  });

  it('runs an allow-listed read-only command unasked only when the setting is on, and never a destructive one', async () => {
    const on = setUp({ autoRunReadOnly: true });
    const result = on.call('ls -la');
    expect((await on.stepIn('running')).autoRun).toBe(true);
    on.terminals.finish(0);
    await result;
    const destructive = on.call('rm -rf node_modules');
    const proposed = await on.stepIn('proposed', 'rm -rf node_modules');
    expect(proposed).toMatchObject({ command: 'rm -rf node_modules', autoRun: false, risk: 'destructive', state: 'proposed' });
    await on.decisions.decide(proposed.id, { decision: 'skip' });
    await destructive;
    const off = setUp();
    void off.call('git status');
    expect((await off.stepIn('proposed')).autoRun).toBe(false);
  });

  it('"allow this exact command again" runs the same line unasked later in the conversation, not an edited one', async () => {
    const t = setUp();
    const first = t.call('make test');
    await t.decisions.decide((await t.stepIn('proposed', 'make test')).id, { decision: 'run', remember: true });
    await t.stepIn('running', 'make test');
    t.terminals.finish(0);
    await first;
    const again = t.call('make test');
    // Nobody decides: the confirmation service remembers it for this conversation.
    await vi.waitFor(() => expect(t.steps.some((s) => s.id === 'call_2' && s.phase === 'running')).toBe(true));
    expect(t.steps.find((s) => s.id === 'call_2' && s.phase === 'proposed')?.autoRun).toBe(true);
    t.terminals.finish(0);
    await again;
    const other = t.call('make test -j8');
    expect((await t.stepIn('proposed', 'make test -j8')).autoRun).toBe(false);
    t.controller.abort();
    await expect(other).rejects.toThrow(/stopped/);
  });

  it('stops at the step limit: the extra call runs nothing and the model is told to answer', async () => {
    const t = setUp({ maxSteps: 1 });
    const first = t.call('ls');
    await t.decisions.decide((await t.stepIn('proposed')).id, { decision: 'skip' });
    await first;
    const second = JSON.parse(await t.call('pwd'));
    expect(second.note).toMatch(/Step limit reached: at most 1 commands/);
    expect(t.steps.at(-1)).toMatchObject({ command: 'pwd', state: 'skipped' });
    expect(t.terminals.typed).toEqual([]);
  });

  it('refuses multi-line scripts and empty commands with a message the model can act on', async () => {
    const t = setUp();
    await expect(t.call('ls\nrm -rf /')).rejects.toThrow(/one command line/);
    await expect(t.call('  ')).rejects.toThrow(/non-empty/);
    // Ctrl+U would erase "ls " at the prompt and run the rest; the classifier would read one word.
    await expect(t.call('ls \x15rm -rf ~')).rejects.toThrow(/U\+0015/);
    await expect(t.call('echo safe\x1b[2K\rrm -rf ~')).rejects.toThrow(/control character|one command line/);
    await expect(t.call('echo \u202erm -rf ~')).rejects.toThrow(/U\+202E/);
    await expect(t.call('ls\tfoo')).rejects.toThrow(/U\+0009/);
    expect(t.steps).toEqual([]);
  });
});
