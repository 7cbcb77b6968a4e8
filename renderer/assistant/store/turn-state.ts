// SPDX-License-Identifier: MIT
import type { EventPayload } from '../../../shared/ipc';
import type { AgentStepView } from '../../../shared/ipc/agent';
import type { ConversationMessage, LlmErrorInfo, ToolCallView } from '../../../shared/ipc/assistant';
import type { CompactResult } from '../../../shared/ipc/context';

/*
 * The shapes the assistant store holds for a turn, and the pure rules that fold turn events into
 * them. Kept apart from the store so the rules read (and could be tested) without zustand.
 */

/**
 * The answer being streamed. This window makes the turn id for its own questions; `turnId` is
 * undefined only for a turn another window started, until its first event names it.
 */
export interface StreamingTurn {
  readonly turnId: string | undefined;
  readonly conversationId: string;
  readonly text: string;
  readonly round: number;
  readonly tools: readonly ToolCallView[];
  /** Commands the assistant proposed (run_command), in the order proposed, each at its last state. */
  readonly steps: readonly AgentStepView[];
  readonly startedAt: number;
  /** Stop was pressed before the turn id was known; cancel as soon as it is. */
  readonly cancelRequested: boolean;
}

export interface TurnFailure {
  readonly conversationId: string;
  readonly error: LlmErrorInfo;
  readonly partialText: string;
  /** The stored assistant message carrying the error, when the main process kept one. */
  readonly messageId: string | null;
}

/** The last compaction or clear, for its result line and Undo. */
export interface CompactionNotice {
  readonly kind: 'compact' | 'clear';
  readonly conversationId: string;
  readonly result: CompactResult | undefined;
  /** The summary that now starts the conversation (Summarize only), from the compaction result. */
  readonly summary: string;
  readonly undone: boolean;
}

export const newTurn = (conversationId: string, turnId: string | undefined): StreamingTurn => ({
  turnId,
  conversationId,
  text: '',
  round: 1,
  tools: [],
  steps: [],
  startedAt: Date.now(),
  cancelRequested: false,
});

export const upsertMessage = (messages: readonly ConversationMessage[], message: ConversationMessage): readonly ConversationMessage[] =>
  messages.some((m) => m.id === message.id) ? messages.map((m) => (m.id === message.id ? message : m)) : [...messages, message];

type TurnEvent = { readonly turnId: string; readonly conversationId: string };

/**
 * The turn an event belongs to, or undefined when it is another conversation's or another turn's.
 * An event for the shown conversation with no local turn (another window asked) starts one.
 */
export const turnOwning = (shown: string | undefined, turn: StreamingTurn | undefined, event: TurnEvent): StreamingTurn | undefined => {
  if (event.conversationId !== shown) return undefined;
  if (turn && turn.turnId !== undefined && turn.turnId !== event.turnId) return undefined;
  return turn ?? newTurn(event.conversationId, event.turnId);
};

/** A new round's text starts a new paragraph, so rounds never run into each other. */
export const withDelta = (turn: StreamingTurn, event: EventPayload<'assistant:delta'>): StreamingTurn => {
  const joiner = event.round > turn.round && turn.text && !turn.text.endsWith('\n') ? '\n\n' : '';
  return { ...turn, turnId: event.turnId, round: event.round, text: turn.text + joiner + event.text };
};

export const withTool = (turn: StreamingTurn, event: EventPayload<'assistant:tool'>): StreamingTurn => {
  const tools = turn.tools.some((t) => t.id === event.call.id)
    ? turn.tools.map((t) => (t.id === event.call.id ? event.call : t))
    : [...turn.tools, event.call];
  return { ...turn, turnId: event.turnId, round: event.round, tools };
};

export const withStep = (turn: StreamingTurn, event: EventPayload<'agent:step'>): StreamingTurn => {
  const steps = turn.steps.some((s) => s.id === event.step.id)
    ? turn.steps.map((s) => (s.id === event.step.id ? event.step : s))
    : [...turn.steps, event.step];
  return { ...turn, turnId: event.turnId, steps };
};

/**
 * After a reload: the answer still running in the conversation, with its steps, when one of them
 * still waits (proposed or running). Finished steps come with the stored answer; making a turn of
 * them would leave a phantom "waiting" answer that blocks the next question. undefined: no change.
 */
export const restoredTurn = (
  turn: StreamingTurn | undefined,
  conversationId: string,
  turnId: string,
  steps: readonly AgentStepView[],
): StreamingTurn | undefined => {
  if (!steps.some((step) => step.state === 'proposed' || step.state === 'running')) return undefined;
  const base = turn ?? newTurn(conversationId, turnId);
  if (base.turnId !== undefined && base.turnId !== turnId) return undefined;
  return steps.reduce((t, step) => withStep(t, { turnId, conversationId, step }), base);
};

/** After a reload an unanswered question whose answer failed still offers Retry. */
export const failureFromMessages = (
  conversationId: string,
  messages: readonly ConversationMessage[],
  current: TurnFailure | undefined,
): TurnFailure | undefined => {
  const last = messages.at(-1);
  if (!last || last.role !== 'assistant' || !last.error) return current;
  return { conversationId, error: last.error, partialText: last.content, messageId: last.id };
};

/**
 * Where the progress line's seconds count from: a step waiting for the user's decision counts from
 * when main proposed it (a reloaded page shows the true wait, not 0 again); else the turn's start.
 */
export const progressSince = (turn: Pick<StreamingTurn, 'startedAt' | 'steps'>): number => {
  const waiting = turn.steps.find((step) => step.state === 'proposed' && !step.autoRun);
  return waiting?.proposedAt ?? turn.startedAt;
};
