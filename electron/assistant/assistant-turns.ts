// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc/define';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { assistantChannels, ToolCallView } from '../../shared/ipc/assistant';
import type { AssistantEvent } from '../llm/tool-loop';
import type { ToolCall } from '../llm/types';

type Channels = typeof assistantChannels;
type StreamingChannel = 'assistant:delta' | 'assistant:tool';
export type TurnEmitter = <K extends StreamingChannel>(channel: K, payload: z.output<Channels[K]['payload']>) => void;

/** The model may send megabytes of "arguments"; the conversation view needs a glance, not all of it. */
const MAX_SHOWN_ARGUMENTS = 2000;

export const toolCallView = (call: ToolCall, status: ToolCallView['status'], summary: string | null): ToolCallView => ({
  id: call.id,
  name: call.name.slice(0, 200),
  arguments: call.arguments.length > MAX_SHOWN_ARGUMENTS ? `${call.arguments.slice(0, MAX_SHOWN_ARGUMENTS)}…` : call.arguments,
  status,
  summary,
});

/**
 * The `onEvent` for runAssistantTurn that streams a turn to the pane: text as assistant:delta, each
 * tool call as assistant:tool twice (running, then done/error with its summary). `done`/`error`
 * are sent by the caller once it has stored the message, so the pane never shows an unsaved answer.
 */
export const forwardTurnEvents =
  (ids: { readonly turnId: string; readonly conversationId: string }, emit: TurnEmitter) =>
  (event: AssistantEvent): void => {
    if (event.type === 'text-delta') emit('assistant:delta', { ...ids, round: event.round, text: event.text });
    else if (event.type === 'tool-call')
      emit('assistant:tool', { ...ids, round: event.round, call: toolCallView(event.call, 'running', null) });
    else if (event.type === 'tool-result') {
      const status = event.isError ? 'error' : 'done';
      emit('assistant:tool', { ...ids, round: event.round, call: toolCallView(event.call, status, event.summary) });
    }
  };

export interface RunningTurn {
  readonly turnId: string;
  readonly conversationId: string;
  readonly signal: AbortSignal;
  /** Call when the turn ended (any way) so it stops counting as running. */
  finish(): void;
}

const MAX_STOPPED_EARLY = 64;

/**
 * Turns in flight, for assistant:cancel and shutdown. One per conversation: a new question in a
 * conversation cancels the turn still streaming there, as its answer would interleave.
 */
export class TurnRegistry {
  private readonly _turns = new Map<string, { conversationId: string; controller: AbortController }>();
  /**
   * Turns stopped before they started: the client knows its turn id at once and may send
   * `assistant:cancel` while `assistant:ask` is still building the request. Bounded, oldest first.
   */
  private readonly _stoppedEarly = new Set<string>();

  /** Starts a turn under the client's id; a fresh one when none is given (tests, tools). */
  start(conversationId: string, turnId: string = randomUUID()): RunningTurn {
    if (this._turns.has(turnId)) throw new DomainError('invalid-request', `turn ${turnId} is already running`);
    const previous = this.runningIn(conversationId);
    if (previous !== undefined) this.cancel(previous);
    const controller = new AbortController();
    if (this._stoppedEarly.delete(turnId)) controller.abort();
    this._turns.set(turnId, { conversationId, controller });
    return {
      turnId,
      conversationId,
      signal: controller.signal,
      finish: () => {
        this._turns.delete(turnId);
      },
    };
  }

  /** False when the turn already ended (the UI raced the last event); that is not an error. */
  cancel(turnId: string): boolean {
    const turn = this._turns.get(turnId);
    if (!turn) {
      this._stoppedEarly.add(turnId);
      if (this._stoppedEarly.size > MAX_STOPPED_EARLY) this._stoppedEarly.delete(this._stoppedEarly.values().next().value!);
      return false;
    }
    this._turns.delete(turnId);
    turn.controller.abort();
    return true;
  }

  runningIn(conversationId: string): string | undefined {
    for (const [turnId, turn] of this._turns) if (turn.conversationId === conversationId) return turnId;
    return undefined;
  }

  cancelAll(): void {
    for (const turnId of [...this._turns.keys()]) this.cancel(turnId);
  }
}
