// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolCallAssembler } from './tool-call-assembler';

/** Splits text at the given cut points (sorted, deduplicated, within bounds). */
const splitAt = (text: string, cuts: number[]): string[] => {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const parts: string[] = [];
  let last = 0;
  for (const point of points) {
    parts.push(text.slice(last, point));
    last = point;
  }
  parts.push(text.slice(last));
  return parts;
};

describe('ToolCallAssembler', () => {
  it("reassembles any split of several calls' arguments, in any interleaving of their fragments", () => {
    const call = fc.record({ args: fc.json(), cuts: fc.array(fc.nat(), { maxLength: 12 }) });
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { maxLength: 60 }), (calls, order) => {
        const assembler = new ToolCallAssembler();
        calls.forEach((_c, index) => assembler.add({ index, id: `call_${index}`, function: { name: 'get_commands', arguments: '' } }, 0));
        const queues = calls.map((c) => splitAt(c.args, c.cuts));
        // Drain the fragment queues in a pseudo-random interleaving picked by `order`.
        let step = 0;
        while (queues.some((q) => q.length > 0)) {
          const open = queues.map((q, i) => (q.length > 0 ? i : -1)).filter((i) => i >= 0);
          const index = open[(order[step++ % Math.max(1, order.length)] ?? 0) % open.length]!;
          assembler.add({ index, function: { arguments: queues[index]!.shift()! } }, 0);
        }
        const finished = assembler.finish();
        expect(finished.map((c) => c.arguments)).toEqual(calls.map((c) => (c.args.trim() === '' ? '{}' : c.args)));
        expect(finished.map((c) => c.id)).toEqual(calls.map((_c, i) => `call_${i}`));
      }),
    );
  });

  it('handles servers that omit the index, send whole calls at once, or reuse index 0 with new ids', () => {
    const assembler = new ToolCallAssembler();
    assembler.add({ id: 'a', function: { name: 'get_commands', arguments: '{"command_ids":["x"]}' } }, 0);
    assembler.add({ id: 'b', function: { name: 'get_commands', arguments: '{"command_ids":["y"]}' } }, 1);
    assembler.add({ index: 0, id: 'c', function: { name: 'get_commands', arguments: '{"command_ids"' } }, 0);
    assembler.add({ index: 0, function: { arguments: ':["z"]}' } }, 0);
    expect(assembler.finish()).toEqual([
      { id: 'a', name: 'get_commands', arguments: '{"command_ids":["x"]}' },
      { id: 'b', name: 'get_commands', arguments: '{"command_ids":["y"]}' },
      { id: 'c', name: 'get_commands', arguments: '{"command_ids":["z"]}' },
    ]);
  });

  it('gives a call without arguments "{}" and one without an id a generated id', () => {
    const assembler = new ToolCallAssembler();
    assembler.add({ index: 0, function: { name: 'get_' } }, 0);
    assembler.add({ index: 0, function: { name: 'commands' } }, 0);
    const [call] = assembler.finish();
    expect(call).toMatchObject({ name: 'get_commands', arguments: '{}' });
    expect(call!.id).toMatch(/^call_[0-9a-f-]{36}$/);
  });
});
