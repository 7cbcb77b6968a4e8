// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../shared/ipc/define';
import { InvocationPhase } from '../../../shared/ipc/agent';
import { move, shownState, type InvocationState } from './invocation-state';
import { Invocation } from './invocation';

/** Every legal move, written out once more by hand: the table test checks the code against it. */
const LEGAL: ReadonlyArray<readonly [InvocationState, InvocationState]> = [
  ['proposed', 'approved'],
  ['proposed', 'denied'],
  ['proposed', 'failed'],
  ['proposed', 'stopped'],
  ['approved', 'waiting-for-terminal'],
  ['approved', 'running'],
  ['approved', 'failed'],
  ['approved', 'stopped'],
  ['waiting-for-terminal', 'running'],
  ['waiting-for-terminal', 'failed'],
  ['waiting-for-terminal', 'stopped'],
  ['running', 'handed-over'],
  ['running', 'done'],
  ['running', 'failed'],
  ['running', 'stopped'],
  ['handed-over', 'done'],
  ['handed-over', 'failed'],
  ['handed-over', 'stopped'],
];
const isLegal = (from: InvocationState, to: InvocationState) => LEGAL.some(([f, t]) => f === from && t === to);
const STATES = InvocationPhase.options;
const ALL_PAIRS = STATES.flatMap((from) => STATES.map((to) => [from, to] as const));
const refused = (from: InvocationState, to: InvocationState): unknown => {
  try {
    move('call_1', from, to);
    return undefined;
  } catch (error) {
    return error;
  }
};

describe('the tool-invocation state machine', () => {
  it.each(LEGAL)('allows %s → %s', (from, to) => {
    expect(move('call_1', from, to)).toBe(to);
  });

  it.each(ALL_PAIRS.filter(([from, to]) => !isLegal(from, to)))('refuses %s → %s with a typed error', (from, to) => {
    const thrown = refused(from, to);
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ name: 'IllegalTransitionError', code: 'failed', from, to, callId: 'call_1' });
  });

  it('ends only in denied, done, failed or stopped', () => {
    expect(STATES.filter((from) => STATES.every((to) => refused(from, to) !== undefined))).toEqual(['denied', 'done', 'failed', 'stopped']);
  });

  it('shows each state as the UI contract names it', () => {
    expect(Object.fromEntries(STATES.map((s) => [s, shownState(s)]))).toEqual({
      proposed: 'proposed',
      approved: 'running',
      denied: 'skipped',
      'waiting-for-terminal': 'running',
      running: 'running',
      'handed-over': 'running',
      done: 'done',
      failed: 'skipped',
      stopped: 'stopped',
    });
  });

  it('an invocation publishes each move and refuses an illegal one, keeping its last view', () => {
    const published: Array<{ id: string; phase: InvocationState; note: string }> = [];
    const call = new Invocation({ id: 'call_7', phase: 'proposed' as InvocationState, note: '' }, (view) => {
      published.push(view);
      return view;
    });
    call.to('approved');
    call.to('running');
    call.update({ note: 'record started' });
    call.to('done');
    expect(published.map((v) => v.phase)).toEqual(['proposed', 'approved', 'running', 'running', 'done']);
    expect(() => call.to('running')).toThrow(expect.objectContaining({ name: 'IllegalTransitionError', code: 'failed' }));
    expect(call.view).toMatchObject({ phase: 'done', note: 'record started' });
    expect(published).toHaveLength(5);
  });
});
