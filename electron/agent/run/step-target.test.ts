// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { IDLE, setUp } from './testing/turn-harness';

describe('the target is fixed when the step is proposed', () => {
  it('a step proposed while s1 was active runs in s1, though another terminal is active at Run', async () => {
    const t = setUp({}, { s1: IDLE, s2: IDLE });
    const result = t.call('ls');
    const proposed = await t.stepIn('proposed');
    expect(proposed).toMatchObject({ target: 'active', sessionId: 's1' });
    await t.decisions.decide(proposed.id, { decision: 'run' });
    expect((await t.stepIn('running')).sessionId).toBe('s1');
    t.terminals.finish(0);
    await result;
    expect(t.terminals.typed.map((x) => x.sessionId)).toEqual(['s1']);
  });

  it("keys the step by the model's tool-call id", async () => {
    const t = setUp();
    const result = t.turn.tool.execute({ command: 'ls' }, t.controller.signal, 'call_abc123');
    const proposed = await t.stepIn('proposed');
    expect(proposed).toMatchObject({ id: 'call_abc123', toolCallId: 'call_abc123', phase: 'proposed' });
    t.controller.abort();
    await expect(result).rejects.toThrow(/stopped/);
  });
});
