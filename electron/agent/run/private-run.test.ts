// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { TerminalState } from './terminal-port';
import { setUp } from './testing/turn-harness';

/** A private terminal at its prompt: never idle for a recorded run, as the port reports it. */
const PRIVATE: TerminalState = { idle: false, busy: 'private', cwd: '/home/dev/secret', private: true, atPrompt: true };

describe('run_command asked from a private terminal (issue 38)', () => {
  it('runs in the private pane opened beside it, records nothing, and tells the model the output is not available', async () => {
    const t = setUp({}, { s1: PRIVATE });
    const result = t.call('ls -la');
    const proposed = await t.stepIn('proposed');
    // The private terminal itself never receives it: a pane beside it does (private by its lineage).
    expect(proposed.target).toBe('new-pane');
    expect(await t.decisions.decide(proposed.id, { decision: 'run', activeSessionId: 's1' })).toEqual({ cwd: '/home/dev/secret', besideSessionId: 's1' });
    t.terminals.states.set('s2', { ...PRIVATE, atPrompt: false, openedFrom: 's1' });
    expect(t.decisions.pane(proposed.id, 's2')).toBe(true);
    // Typed only once its shell is at a prompt.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(t.terminals.typed).toEqual([]);
    t.terminals.states.set('s2', { ...PRIVATE, openedFrom: 's1' });
    const json = JSON.parse(await result) as Record<string, unknown>;
    expect(t.terminals.typed).toEqual([{ sessionId: 's2', data: '\x05\x15ls -la\r' }]);
    // Never followed through a record: none is expected, none tagged.
    expect(t.terminals.expecting('s2')).toBe(false);
    expect(json).toMatchObject({ status: 'ran in a private terminal', command_line: 'ls -la' });
    expect(json).not.toHaveProperty('full_output');
    expect(json).not.toHaveProperty('exit_code');
    expect(String(json['note'])).toMatch(/private.*nothing.*recorded.*not available/i);
    expect(await t.stepIn('done')).toMatchObject({ sessionId: 's2', commandId: null, exitCode: null, note: expect.stringMatching(/private/i) });
  });

  it('runs nothing when the pane opened for it is not private although the terminal beside it is', async () => {
    const t = setUp({}, { s1: PRIVATE });
    const result = t.call('ls -la');
    const proposed = await t.stepIn('proposed');
    await t.decisions.decide(proposed.id, { decision: 'run', activeSessionId: 's1' });
    t.terminals.states.set('s2', { idle: true, busy: null, cwd: '/home/dev/secret' });
    t.decisions.pane(proposed.id, 's2');
    expect(JSON.parse(await result)).toMatchObject({ status: 'not run' });
    expect(t.terminals.typed).toEqual([]);
    expect((await t.stepIn('skipped')).note).toMatch(/private/i);
  });

  it.each([
    ['the private terminal it was asked from itself', 's1', undefined],
    ['a private terminal opened from another one', 's3', 's9'],
    ['a private terminal opened from nothing', 's3', undefined],
  ])('types nothing into %s, named as its pane', async (_what, named, openedFrom) => {
    const t = setUp({}, { s1: PRIVATE });
    const result = t.call('ls -la');
    const proposed = await t.stepIn('proposed');
    await t.decisions.decide(proposed.id, { decision: 'run', activeSessionId: 's1' });
    if (named !== 's1') t.terminals.states.set(named, { ...PRIVATE, ...(openedFrom ? { openedFrom } : {}) });
    t.decisions.pane(proposed.id, named);
    expect(JSON.parse(await result)).toMatchObject({ status: 'not run' });
    expect(t.terminals.typed).toEqual([]);
    expect((await t.stepIn('skipped')).note).toMatch(/not a new pane opened beside/);
  });
});
