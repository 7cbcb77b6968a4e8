// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { AgentStepView } from '../../../shared/ipc/agent';
import { setUp } from './testing/turn-harness';

/** Waits (on events, not time) until a step says it was handed to the user. */
const handedOver = async (steps: readonly AgentStepView[]): Promise<AgentStepView> => {
  for (let i = 0; i < 200; i++) {
    const found = steps.find((s) => s.waiting !== null);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the step was never handed over');
};

describe("hand-over: a full-screen program is seen by the segmenter's one alt-screen detector", () => {
  it('sees the switch to the alternate screen even when it arrives split across two reads', async () => {
    const t = setUp();
    const result = t.call('git status');
    await t.decisions.decide((await t.stepIn('proposed')).id, { decision: 'run' });
    await t.stepIn('running');
    t.terminals.output('s1', 'drawing\x1b[?10');
    t.terminals.output('s1', '49h\x1b[H');
    expect((await handedOver(t.steps)).waiting).toBe('a full-screen program');
    t.terminals.finish(0);
    expect(JSON.parse(await result)).toMatchObject({ handed_to_user: 'a full-screen program' });
  });

  it('sees it in one read too, and not an ordinary colour sequence', async () => {
    const t = setUp();
    const result = t.call('git status');
    await t.decisions.decide((await t.stepIn('proposed')).id, { decision: 'run' });
    await t.stepIn('running');
    t.terminals.output('s1', '\x1b[31mred\x1b[0m');
    t.terminals.output('s1', '\x1b[?1049h');
    expect((await handedOver(t.steps)).waiting).toBe('a full-screen program');
    t.terminals.finish(0);
    await result;
  });
});
