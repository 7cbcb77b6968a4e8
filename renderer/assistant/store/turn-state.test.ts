// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../shared/ipc';
import type { ConversationMessage, LlmErrorInfo } from '../../../shared/ipc/assistant';
import type { AgentStepView } from '../../../shared/ipc/agent';
import { failureFromMessages, newTurn, progressSince, restoredTurn, turnOwning, upsertMessage, withDelta, withTool } from './turn-state';

const delta = (round: number, text: string, turnId = 't1'): EventPayload<'assistant:delta'> => ({
  turnId,
  conversationId: 'c1',
  round,
  text,
});

const message = (id: string, role: 'user' | 'assistant', error: LlmErrorInfo | null = null): ConversationMessage => ({
  id,
  conversationId: 'c1',
  role,
  content: `${id} text`,
  attachments: [],
  toolCalls: [],
  usage: null,
  model: null,
  createdAt: 0,
  compacted: false,
  error,
});

describe('turn state', () => {
  it('keeps events of the shown conversation and of the turn in flight only', () => {
    const turn = newTurn('c1', 't1');
    expect(turnOwning('c1', turn, delta(1, 'x'))).toBe(turn);
    expect(turnOwning('c2', turn, delta(1, 'x'))).toBeUndefined();
    expect(turnOwning('c1', turn, delta(1, 'x', 't2'))).toBeUndefined();
    // The id is not known yet (ask has not answered): the first event names it.
    expect(turnOwning('c1', newTurn('c1', undefined), delta(1, 'x', 't9'))?.turnId).toBeUndefined();
    // Another window's turn in this conversation shows here too.
    expect(turnOwning('c1', undefined, delta(1, 'x', 't3'))?.turnId).toBe('t3');
  });

  it('starts a paragraph for a new round and learns the turn id from events', () => {
    const first = withDelta(newTurn('c1', undefined), delta(1, 'Looking'));
    expect(first).toMatchObject({ turnId: 't1', text: 'Looking', round: 1 });
    expect(withDelta(first, delta(2, 'Found it')).text).toBe('Looking\n\nFound it');
    expect(withDelta(first, delta(1, ' more')).text).toBe('Looking more');
  });

  it('updates a tool call in place', () => {
    const call = { id: 'k', name: 'get_commands', arguments: '{}', status: 'running' as const, summary: null };
    const running = withTool(newTurn('c1', 't1'), { turnId: 't1', conversationId: 'c1', round: 1, call });
    const done = withTool(running, {
      turnId: 't1',
      conversationId: 'c1',
      round: 1,
      call: { ...call, status: 'done', summary: '1 command' },
    });
    expect(done.tools).toEqual([{ ...call, status: 'done', summary: '1 command' }]);
  });

  it('replaces a stored message by id and appends a new one', () => {
    const list = [message('a', 'user')];
    expect(upsertMessage(list, { ...message('a', 'user'), content: 'new' }).map((m) => m.content)).toEqual(['new']);
    expect(upsertMessage(list, message('b', 'assistant')).map((m) => m.id)).toEqual(['a', 'b']);
  });

  it('offers Retry after a reload when the last answer failed', () => {
    const error: LlmErrorInfo = { kind: 'server', message: 'boom', retryable: true, retryAfterMs: null, status: 500 };
    expect(failureFromMessages('c1', [message('q', 'user'), message('a', 'assistant', error)], undefined)).toEqual({
      conversationId: 'c1',
      error,
      partialText: 'a text',
      messageId: 'a',
    });
    expect(failureFromMessages('c1', [message('q', 'user')], undefined)).toBeUndefined();
  });
});

describe('steps restored after a reload', () => {
  const step = (state: 'proposed' | 'running' | 'done'): AgentStepView => ({
    id: `s-${state}`,
    command: 'ls',
    proposed: 'ls',
    reason: null,
    risk: 'read-only',
    warnings: [],
    state,
    waiting: null,
    autoRun: false,
    sessionId: null,
    cwd: null,
    target: 'active',
    commandId: null,
    exitCode: null,
    durationMs: null,
    note: null,
  });

  it('brings back an answer that still waits on a step, with its steps', () => {
    const turn = restoredTurn(undefined, 'c1', 't9', [step('done'), step('proposed')]);
    expect(turn?.turnId).toBe('t9');
    expect(turn?.steps.map((s) => s.state)).toEqual(['done', 'proposed']);
  });

  it('makes no turn of an answer whose steps are all finished (it would block the next question)', () => {
    expect(restoredTurn(undefined, 'c1', 't9', [step('done')])).toBeUndefined();
    expect(restoredTurn(undefined, 'c1', 't9', [])).toBeUndefined();
  });

  it('leaves another turn in flight alone', () => {
    expect(restoredTurn(newTurn('c1', 't1'), 'c1', 't9', [step('running')])).toBeUndefined();
  });

  it('counts the wait for a decision from when the step was proposed, not from the reload', () => {
    const proposedAt = Date.now() - 42_000;
    const turn = restoredTurn(undefined, 'c1', 't9', [{ ...step('proposed'), proposedAt }])!;
    expect(progressSince(turn)).toBe(proposedAt);
    // Nothing waits for the user: the turn's own start.
    const running = restoredTurn(undefined, 'c1', 't9', [{ ...step('running'), proposedAt }])!;
    expect(progressSince(running)).toBe(running.startedAt);
  });
});
