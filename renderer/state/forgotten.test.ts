// SPDX-License-Identifier: MIT
import { beforeEach, describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../shared/domain/command';
import { commandRecord } from '../../shared/testing/command-record';
import { useCommands } from '../state/commands';
import { forgottenBy, scopeOfRequest, sessionOfCommandId, withoutForgotten, type ForgottenScope } from './forgotten';

const record = (sessionId: string, seq: number, startedAt: number): CommandRecord =>
  commandRecord({ sessionId, seq, commandLine: `cmd ${seq}`, cwd: '/tmp', shell: 'bash', startedAt, endedAt: startedAt + 5, exitCode: 0 });

const scope = (patch: Partial<ForgottenScope>): ForgottenScope => ({ commandIds: [], sessionIds: [], range: null, ...patch });

describe('what a forget covers', () => {
  it('matches by command id, by session, and by start time in [since, until)', () => {
    expect(forgottenBy(scope({ commandIds: ['a:1'] }))(record('a', 1, 10))).toBe(true);
    expect(forgottenBy(scope({ commandIds: ['a:1'] }))(record('a', 2, 10))).toBe(false);
    expect(forgottenBy(scope({ sessionIds: ['a'] }))(record('a', 7, 10))).toBe(true);
    expect(forgottenBy(scope({ sessionIds: ['a'] }))(record('b', 7, 10))).toBe(false);
    const range = forgottenBy(scope({ range: { sinceMs: 100, untilMs: 200 } }));
    expect([99, 100, 199, 200].map((t) => range(record('a', 1, t)))).toEqual([false, true, true, false]);
  });

  it('judges a command of unknown start by a range only when the range reaches back to the start', () => {
    expect(forgottenBy(scope({ range: { sinceMs: 0, untilMs: 50 } }))({ id: 'a:1', sessionId: 'a' })).toBe(true);
    expect(forgottenBy(scope({ range: { sinceMs: 10, untilMs: 50 } }))({ id: 'a:1', sessionId: 'a' })).toBe(false);
  });

  it('turns our own requests into the scope the broadcast will name', () => {
    expect(scopeOfRequest({ commandIds: ['a:1'] })).toEqual(scope({ commandIds: ['a:1'] }));
    expect(scopeOfRequest({ sessionId: 'a' })).toEqual(scope({ sessionIds: ['a'] }));
    expect(scopeOfRequest({ sinceMs: 5, untilMs: 9 })).toEqual(scope({ range: { sinceMs: 5, untilMs: 9 } }));
    expect(scopeOfRequest({ sinceMs: 5 }).range?.untilMs).toBe(Number.POSITIVE_INFINITY);
  });

  it('finds the session in a command id (session ids may hold colons)', () => {
    expect(sessionOfCommandId('abc:12')).toBe('abc');
    expect(sessionOfCommandId('a:b:3')).toBe('a:b');
  });
});

describe('forgotten commands leave the lists', () => {
  it('drops them from every session and keeps untouched lists (and an unchanged map) as they were', () => {
    const a = [record('a', 1, 10), record('a', 2, 20)];
    const b = [record('b', 1, 30)];
    const lists = { a, b };
    const next = withoutForgotten(lists, forgottenBy(scope({ commandIds: ['a:2'] })));
    expect(next.a!.map((c) => c.id)).toEqual(['a:1']);
    expect(next.b).toBe(b);
    expect(withoutForgotten(lists, forgottenBy(scope({ commandIds: ['c:1'] })))).toBe(lists);
  });

  beforeEach(() => useCommands.setState({ bySession: {}, sessions: {}, selectedId: undefined }));

  it('clears the commands store and a selection that was forgotten, and only then', () => {
    const store = useCommands.getState();
    store.setSessionCommands('a', [record('a', 1, 10), record('a', 2, 20)]);
    store.setSessionCommands('b', [record('b', 1, 30)]);
    store.select('b:1');
    useCommands.getState().forget(forgottenBy(scope({ range: { sinceMs: 15, untilMs: 25 } })));
    expect(useCommands.getState().bySession.a!.map((c) => c.id)).toEqual(['a:1']);
    expect(useCommands.getState().selectedId).toBe('b:1');
    useCommands.getState().forget(forgottenBy(scope({ sessionIds: ['b'] })));
    expect(useCommands.getState().bySession.b).toEqual([]);
    expect(useCommands.getState().selectedId).toBeUndefined();
  });

  it('clears a selected search result by its id, though no list holds it', () => {
    useCommands.getState().select('old:4');
    useCommands.getState().forget(forgottenBy(scope({ sessionIds: ['old'] })));
    expect(useCommands.getState().selectedId).toBeUndefined();
  });
});
