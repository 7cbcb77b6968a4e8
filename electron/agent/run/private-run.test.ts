// SPDX-License-Identifier: MIT
import { describe, expect, it, vi } from 'vitest';
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
    // Main opens it beside the private terminal (private by its lineage); its shell is not at a prompt yet.
    t.harness.opening = () => ({ ...PRIVATE, atPrompt: false, openedFrom: 's1' });
    const polls = vi.spyOn(t.terminals, 'state');
    await t.decisions.decide(proposed.id, { decision: 'run' });
    await vi.waitFor(() => expect(t.opened).toEqual([{ id: 't1', cwd: '/home/dev/secret', besideSessionId: 's1' }]));
    // Typed only once its shell is at a prompt.
    await vi.waitFor(() => expect(polls.mock.calls.filter(([id]) => id === 't1').length).toBeGreaterThan(3));
    expect(t.terminals.typed).toEqual([]);
    t.terminals.states.set('t1', { ...PRIVATE, openedFrom: 's1' });
    const json = JSON.parse(await result) as Record<string, unknown>;
    expect(t.terminals.typed).toEqual([{ sessionId: 't1', data: 'ls -la\r' }]);
    // Never followed through a record: none is expected, none tagged.
    expect(t.terminals.expecting('t1')).toBe(false);
    expect(json).toMatchObject({ status: 'ran in a private terminal', command_line: 'ls -la' });
    expect(json).not.toHaveProperty('full_output');
    expect(json).not.toHaveProperty('exit_code');
    expect(String(json['note'])).toMatch(/private.*nothing.*recorded.*not available/i);
    expect(await t.stepIn('done')).toMatchObject({
      sessionId: 't1',
      commandId: null,
      exitCode: null,
      note: expect.stringMatching(/private/i),
    });
  });

  it('runs nothing when the pane opened for it is not private although the terminal beside it is', async () => {
    const t = setUp({}, { s1: PRIVATE });
    const result = t.call('ls -la');
    const proposed = await t.stepIn('proposed');
    t.harness.opening = () => ({ idle: true, busy: null, cwd: '/home/dev/secret' });
    await t.decisions.decide(proposed.id, { decision: 'run' });
    expect(JSON.parse(await result)).toMatchObject({ status: 'not run' });
    expect(t.terminals.typed).toEqual([]);
    expect((await t.stepIn('skipped')).note).toMatch(/private/i);
  });

  it.each([
    ['a private terminal opened from another one', 's9'],
    ['a private terminal opened from nothing', undefined],
  ])('types nothing into %s, opened as its terminal', async (_what, openedFrom) => {
    const t = setUp({}, { s1: PRIVATE });
    const result = t.call('ls -la');
    const proposed = await t.stepIn('proposed');
    t.harness.opening = () => ({ ...PRIVATE, ...(openedFrom ? { openedFrom } : {}) });
    await t.decisions.decide(proposed.id, { decision: 'run' });
    expect(JSON.parse(await result)).toMatchObject({ status: 'not run' });
    expect(t.terminals.typed).toEqual([]);
    expect((await t.stepIn('skipped')).note).toMatch(/not a new pane opened beside/);
  });
});
