// SPDX-License-Identifier: MIT
import { beforeEach, describe, expect, it } from 'vitest';
import { tabMark, useDoneMarks } from './done-marks';

const store = () => useDoneMarks.getState();

beforeEach(() => useDoneMarks.setState({ marks: {} }));

describe('done marks', () => {
  it('marks a terminal and clears it when it is looked at', () => {
    store().mark('t1', { exitCode: 0, commandLine: 'make' });
    store().mark('t2', { exitCode: 1, commandLine: 'false' });
    expect(store().marks.t1).toEqual({ exitCode: 0, commandLine: 'make', count: 1 });
    store().clear(['t1']);
    expect(store().marks.t1).toBeUndefined();
    expect(store().marks.t2?.exitCode).toBe(1);
  });

  it('does not let a later success cover an unseen failure', () => {
    store().mark('t1', { exitCode: 2, commandLine: 'make test' });
    store().mark('t1', { exitCode: 0, commandLine: 'echo ok' });
    expect(store().marks.t1).toEqual({ exitCode: 2, commandLine: 'make test', count: 2 });
    store().mark('t1', { exitCode: null, commandLine: 'killed' });
    expect(store().marks.t1).toEqual({ exitCode: null, commandLine: 'killed', count: 3 });
  });

  it('leaves the state alone when there is nothing to clear, and drops closed terminals', () => {
    store().mark('t1', { exitCode: 0, commandLine: 'a' });
    const before = store().marks;
    store().clear(['t9']);
    expect(store().marks).toBe(before);
    store().keepOnly(['t1']);
    expect(store().marks).toBe(before);
    store().keepOnly(['t2']);
    expect(store().marks).toEqual({});
  });

  it('shows one mark per tab: a failure if any of its terminals failed', () => {
    store().mark('a', { exitCode: 0, commandLine: 'ok' });
    store().mark('b', { exitCode: 1, commandLine: 'bad' });
    expect(tabMark(store().marks, ['a'])).toEqual({ exitCode: 0, commandLine: 'ok', count: 1 });
    expect(tabMark(store().marks, ['a', 'b'])).toEqual({ exitCode: 1, commandLine: 'bad', count: 2 });
    expect(tabMark(store().marks, ['c'])).toBeUndefined();
  });
});
