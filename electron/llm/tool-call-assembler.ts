// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import type { ToolCall } from './types';

/** The parts of an OpenAI `choices[].delta.tool_calls[]` entry we read; servers omit any of them. */
export interface ToolCallDelta {
  readonly index?: number | null;
  readonly id?: string | null;
  readonly function?: { readonly name?: string | null; readonly arguments?: string | null } | null;
}

interface Partial {
  id: string | undefined;
  name: string;
  args: string;
}

/**
 * Rebuilds tool calls from Chat Completions stream deltas: the first delta of a call carries its
 * index, id and name, later ones only `function.arguments` fragments for that index. Some
 * OpenAI-compatible servers send whole calls in one delta, leave out `index`, or reuse index 0
 * for parallel calls with new ids; each of those still yields one call per id.
 */
export class ToolCallAssembler {
  private readonly _calls: Partial[] = [];
  private readonly _byIndex = new Map<number, Partial>();

  add(delta: ToolCallDelta, position: number): void {
    const index = typeof delta.index === 'number' ? delta.index : position;
    const id = delta.id ?? undefined;
    let call = this._byIndex.get(index);
    if (call && id !== undefined && call.id !== undefined && call.id !== id) call = undefined;
    if (!call) {
      call = { id, name: '', args: '' };
      this._calls.push(call);
      this._byIndex.set(index, call);
    }
    if (call.id === undefined && id !== undefined) call.id = id;
    const name = delta.function?.name;
    // Servers differ: most send the name once, a few repeat it with every fragment.
    if (name && !call.name.endsWith(name)) call.name += name;
    const args = delta.function?.arguments;
    if (args) call.args += args;
  }

  get size(): number {
    return this._calls.length;
  }

  /** Calls in the order they started. A call without arguments gets `{}`, one without an id a fresh id. */
  finish(): ToolCall[] {
    return this._calls.map((call) => ({
      id: call.id ?? `call_${randomUUID()}`,
      name: call.name,
      arguments: call.args.trim() === '' ? '{}' : call.args,
    }));
  }
}
