// SPDX-License-Identifier: MIT
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { anthropicFinishReason } from './anthropic-messages';
import type { ChatStreamEvent, ToolCall } from './types';

interface OpenToolBlock {
  readonly id: string;
  readonly name: string;
  json: string;
  readonly initial: unknown;
}

/**
 * Folds Messages API stream events into neutral events: text deltas as they come, a tool call
 * once its block closes (its `input_json_delta` fragments joined), usage and `done` at
 * `message_stop`. A stream that never reaches `message_stop` was cut (`stopped` stays false).
 */
export class AnthropicStreamState {
  text = '';
  stopped = false;
  private readonly _tools = new Map<number, OpenToolBlock>();
  private _inputTokens = 0;
  private _outputTokens = 0;
  private _stopReason: string | null = null;

  handle(event: RawMessageStreamEvent): ChatStreamEvent[] {
    switch (event.type) {
      case 'message_start': {
        const usage = event.message.usage;
        // Cached prompt tokens are still prompt tokens: the context meter wants the whole size.
        this._inputTokens = (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
        this._outputTokens = usage.output_tokens ?? 0;
        return [];
      }
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type === 'tool_use') this._tools.set(event.index, { id: block.id, name: block.name, json: '', initial: block.input });
        return block.type === 'text' ? this._text(block.text) : [];
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (delta.type === 'text_delta') return this._text(delta.text);
        if (delta.type === 'input_json_delta') {
          const tool = this._tools.get(event.index);
          if (tool) tool.json += delta.partial_json;
        }
        return [];
      }
      case 'content_block_stop': {
        const tool = this._tools.get(event.index);
        if (!tool) return [];
        this._tools.delete(event.index);
        return [{ type: 'tool-call', call: finishCall(tool) }];
      }
      case 'message_delta': {
        this._stopReason = event.delta.stop_reason ?? this._stopReason;
        const usage = event.usage;
        if (typeof usage.output_tokens === 'number') this._outputTokens = usage.output_tokens;
        if (typeof usage.input_tokens === 'number' && usage.input_tokens > this._inputTokens) this._inputTokens = usage.input_tokens;
        return [];
      }
      case 'message_stop': {
        this.stopped = true;
        const reason = this._stopReason ?? 'end_turn';
        return [
          { type: 'usage', usage: { inputTokens: this._inputTokens, outputTokens: this._outputTokens } },
          { type: 'done', finishReason: anthropicFinishReason(reason), rawFinishReason: reason },
        ];
      }
      default:
        return [];
    }
  }

  private _text(piece: string): ChatStreamEvent[] {
    if (piece === '') return [];
    this.text += piece;
    return [{ type: 'text-delta', text: piece }];
  }
}

/** A tool_use block whose input came whole in content_block_start (no deltas) keeps that input. */
const finishCall = (tool: OpenToolBlock): ToolCall => {
  let args = tool.json;
  if (args.trim() === '') {
    const initial = tool.initial;
    args = typeof initial === 'object' && initial !== null && Object.keys(initial).length > 0 ? JSON.stringify(initial) : '{}';
  }
  return { id: tool.id, name: tool.name, arguments: args };
};
