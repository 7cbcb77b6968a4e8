// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { assistantChannels } from '../../shared/ipc/assistant';
import { forwardTurnEvents, TurnRegistry, type TurnEmitter } from './assistant-turns';

type StreamingChannel = Parameters<TurnEmitter>[0];
import { FakeProvider } from '../llm/testing/collect';
import { runAssistantTurn, type AssistantTool } from '../llm/tool-loop';

const tool: AssistantTool = {
  name: 'get_commands',
  description: 'd',
  parameters: { type: 'object' },
  execute: async () => 'x'.repeat(3000),
};

describe('forwardTurnEvents', () => {
  it('streams deltas and each tool call (running, then done) as valid assistant events', async () => {
    const sent: Array<[StreamingChannel, unknown]> = [];
    const provider = new FakeProvider([
      [
        { type: 'text-delta', text: 'Checking.' },
        { type: 'tool-call', call: { id: 'c1', name: 'get_commands', arguments: `{"pad":"${'p'.repeat(5000)}"}` } },
        { type: 'done', finishReason: 'tool-calls', rawFinishReason: 'tool_calls' },
      ],
      [
        { type: 'text-delta', text: 'Done.' },
        { type: 'done', finishReason: 'stop', rawFinishReason: 'stop' },
      ],
    ]);
    const onEvent = forwardTurnEvents({ turnId: 't1', conversationId: 'c1' }, (channel, payload) => void sent.push([channel, payload]));
    await runAssistantTurn({ provider, model: 'm', messages: [{ role: 'user', content: 'q' }], tools: [tool], onEvent });

    expect(sent.map(([channel]) => channel)).toEqual(['assistant:delta', 'assistant:tool', 'assistant:tool', 'assistant:delta']);
    for (const [channel, payload] of sent) expect(assistantChannels[channel].payload.safeParse(payload).success).toBe(true);
    expect(sent[1]![1]).toMatchObject({ round: 1, call: { id: 'c1', status: 'running', summary: null } });
    expect(sent[2]![1]).toMatchObject({ call: { status: 'done', summary: '2.9 KB: ' + 'x'.repeat(100) + '…' } });
    expect((sent[1]![1] as { call: { arguments: string } }).call.arguments.length).toBeLessThan(2100);
    expect(sent[3]![1]).toEqual({ turnId: 't1', conversationId: 'c1', round: 2, text: 'Done.' });
  });
});

describe('TurnRegistry', () => {
  it('cancels by turn id once, and a new turn in the same conversation supersedes the running one', () => {
    const turns = new TurnRegistry();
    const first = turns.start('c1');
    const other = turns.start('c2');
    expect(turns.runningIn('c1')).toBe(first.turnId);
    const second = turns.start('c1');
    expect(first.signal.aborted).toBe(true);
    expect(turns.runningIn('c1')).toBe(second.turnId);
    expect(turns.cancel(second.turnId)).toBe(true);
    expect(turns.cancel(second.turnId)).toBe(false);
    other.finish();
    expect(turns.cancel(other.turnId)).toBe(false);
    expect(other.signal.aborted).toBe(false);
  });

  it("runs under the client's turn id, and a Stop sent before the turn started stops it at once", () => {
    const turns = new TurnRegistry();
    expect(turns.cancel('client-made-1')).toBe(false);
    const stopped = turns.start('c1', 'client-made-1');
    expect(stopped.turnId).toBe('client-made-1');
    expect(stopped.signal.aborted).toBe(true);
    stopped.finish();
    const running = turns.start('c2', 'client-made-2');
    expect(running.signal.aborted).toBe(false);
    expect(() => turns.start('c3', 'client-made-2')).toThrow(expect.objectContaining({ code: 'invalid-request' }));
  });

  it('cancels everything at shutdown', () => {
    const turns = new TurnRegistry();
    const a = turns.start('a');
    const b = turns.start('b');
    turns.cancelAll();
    expect([a.signal.aborted, b.signal.aborted]).toEqual([true, true]);
    expect(turns.runningIn('a')).toBeUndefined();
  });
});
