// SPDX-License-Identifier: MIT
import { LlmError } from '../errors';
import type { ChatMessage, ChatProvider, ChatRequest, ChatStreamEvent, ModelInfo, ToolCall } from '../types';

export interface Collected {
  readonly events: ChatStreamEvent[];
  readonly text: string;
  readonly calls: ToolCall[];
  readonly error: LlmError | undefined;
}

/** Drains a provider stream; an LlmError ends it like the pane would see it, anything else fails the test. */
export const collect = async (stream: AsyncIterable<ChatStreamEvent>, onEvent?: (event: ChatStreamEvent) => void): Promise<Collected> => {
  const events: ChatStreamEvent[] = [];
  let error: LlmError | undefined;
  try {
    for await (const event of stream) {
      events.push(event);
      onEvent?.(event);
    }
  } catch (thrown) {
    if (!(thrown instanceof LlmError)) throw thrown;
    error = thrown;
  }
  const text = events.map((e) => (e.type === 'text-delta' ? e.text : '')).join('');
  const calls = events.flatMap((e) => (e.type === 'tool-call' ? [e.call] : []));
  return { events, text, calls, error };
};

export type ScriptedRound = readonly ChatStreamEvent[] | LlmError;

/**
 * An in-memory provider for tool-loop tests: each stream() call plays the next scripted round
 * (events, or an error thrown after nothing) and records the request it was given.
 */
export class FakeProvider implements ChatProvider {
  readonly kind = 'openai-compatible' as const;
  readonly baseUrl = 'http://fake.invalid/v1';
  readonly requests: Array<ChatRequest & { messages: ChatMessage[] }> = [];

  constructor(private readonly _rounds: ScriptedRound[]) {}

  async *stream(request: ChatRequest): AsyncGenerator<ChatStreamEvent> {
    this.requests.push({ ...request, messages: [...request.messages] });
    const round = this._rounds.shift();
    if (round === undefined) throw new LlmError('server', 'fake provider: no round scripted');
    if (round instanceof LlmError) throw round;
    for (const event of round) {
      if (request.signal?.aborted) throw new LlmError('cancelled', 'Cancelled.');
      yield event;
    }
  }

  async listModels(): Promise<ModelInfo[]> {
    return [{ id: 'fake-model' }];
  }
}
