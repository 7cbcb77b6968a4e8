// SPDX-License-Identifier: MIT
import type { EventPayload } from '../../shared/ipc';
import type { ConversationMessage } from '../../shared/ipc/assistant';
import { useAssistant, type StreamingTurn } from '../state/assistant';
import { useCommands } from '../state/commands';
import { useTabs } from '../state/tabs';
import { api } from '../transport/api';
import { invoke } from './ipc';
import { createConversation, openConversation, refreshConversations, report } from './conversation-actions';
import { refreshContext } from './context-actions';
import { currentModel } from './model-choice';

const state = () => useAssistant.getState();

const newTurn = (conversationId: string, turnId: string | undefined): StreamingTurn => ({
  turnId,
  conversationId,
  text: '',
  round: 1,
  tools: [],
  startedAt: Date.now(),
  cancelRequested: false,
});

const upsertMessage = (messages: readonly ConversationMessage[], message: ConversationMessage) =>
  messages.some((m) => m.id === message.id) ? messages.map((m) => (m.id === message.id ? message : m)) : [...messages, message];

/** Sends the composer's question with its attachments; the answer streams in through events. */
export const ask = async (): Promise<void> => {
  const { draft, attachments, turn } = state();
  const question = draft.trim();
  if (!question || turn) return;
  const model = currentModel();
  if (!model) return report('No model is configured yet: pick one in Settings (or start Ollama) first.');
  const conversationId = state().conversationId ?? (await createConversation(question.slice(0, 60)));
  if (!conversationId) return;
  const pending: ConversationMessage = {
    id: `pending-${Date.now()}`,
    conversationId,
    role: 'user',
    content: question,
    attachments: attachments.map((a) => ({ commandId: a.commandId, commandLine: a.commandLine })),
    toolCalls: [],
    usage: null,
    model,
    createdAt: Date.now(),
    compacted: false,
    error: null,
  };
  // Optimistic: the question shows at once, and the composer is cleared only once the turn exists.
  state().patch({ messages: [...state().messages, pending], turn: newTurn(conversationId, undefined), failure: undefined, notice: undefined });
  const result = await invoke('assistant:ask', {
    conversationId,
    question,
    attachments: attachments.map((a) => a.commandId),
    model,
    sessionId: useTabs.getState().activeId ?? null,
  });
  if (!result.ok) {
    state().patch({ messages: state().messages.filter((m) => m.id !== pending.id), turn: undefined });
    return report(`Could not ask: ${result.error.message}`);
  }
  // The attachments went with the question: their chips leave the composer, and the list stops
  // highlighting the command they came from, which would otherwise look attached still.
  useCommands.getState().deselect([...attachments, ...state().attachments].map((a) => a.commandId));
  state().patch({
    draft: state().draft === draft ? '' : state().draft,
    attachments: [],
    messages: state().messages.map((m) => (m.id === pending.id ? { ...m, id: result.value.userMessageId } : m)),
  });
  learnTurnId(conversationId, result.value.turnId);
  void refreshConversations();
};

/** Records the id `ask`/`retry` returned, unless the turn already finished; honours an early Stop. */
const learnTurnId = (conversationId: string, turnId: string) => {
  const turn = state().turn;
  if (!turn || turn.conversationId !== conversationId || (turn.turnId && turn.turnId !== turnId)) return;
  state().patch({ turn: { ...turn, turnId } });
  if (turn.cancelRequested) void invoke('assistant:cancel', { turnId });
};

export const cancel = async (): Promise<void> => {
  const turn = state().turn;
  if (!turn) return;
  if (!turn.turnId) return state().patch({ turn: { ...turn, cancelRequested: true } });
  state().patch({ turn: { ...turn, cancelRequested: true } });
  const result = await invoke('assistant:cancel', { turnId: turn.turnId });
  // The turn had already ended on the server: no event will come, so stop waiting for one.
  if (result.ok && !result.value.cancelled && state().turn?.turnId === turn.turnId) state().patch({ turn: undefined });
};

/** Runs the conversation's last question again (after an error or a stop) with the selected model. */
export const retry = async (): Promise<void> => {
  const conversationId = state().conversationId;
  if (!conversationId || state().turn) return;
  const model = currentModel();
  const failed = state().failure?.messageId;
  // The failed answer is replaced by the new one; the question stays where it is.
  state().patch({
    turn: newTurn(conversationId, undefined),
    failure: undefined,
    notice: undefined,
    messages: failed ? state().messages.filter((m) => m.id !== failed) : state().messages,
  });
  const result = await invoke('assistant:retry', { conversationId, ...(model ? { model } : {}) });
  if (!result.ok) {
    state().patch({ turn: undefined });
    return report(`Could not retry: ${result.error.message}`);
  }
  learnTurnId(conversationId, result.value.turnId);
};

const ownsEvent = (event: { turnId: string; conversationId: string }): StreamingTurn | undefined => {
  if (event.conversationId !== state().conversationId) return undefined;
  const turn = state().turn;
  if (turn && turn.turnId !== undefined && turn.turnId !== event.turnId) return undefined;
  return turn ?? newTurn(event.conversationId, event.turnId);
};

const onDelta = (event: EventPayload<'assistant:delta'>) => {
  const turn = ownsEvent(event);
  if (!turn) return;
  const joiner = event.round > turn.round && turn.text && !turn.text.endsWith('\n') ? '\n\n' : '';
  state().patch({ turn: { ...turn, turnId: event.turnId, round: event.round, text: turn.text + joiner + event.text } });
};

const onTool = (event: EventPayload<'assistant:tool'>) => {
  const turn = ownsEvent(event);
  if (!turn) return;
  const tools = turn.tools.some((t) => t.id === event.call.id)
    ? turn.tools.map((t) => (t.id === event.call.id ? event.call : t))
    : [...turn.tools, event.call];
  state().patch({ turn: { ...turn, turnId: event.turnId, round: event.round, tools } });
};

const onDone = (event: EventPayload<'assistant:done'>) => {
  if (event.conversationId !== state().conversationId) return void refreshConversations();
  state().patch({ turn: undefined, failure: undefined, messages: upsertMessage(state().messages, event.message) });
  void openConversation(event.conversationId);
  void refreshConversations();
  void refreshContext(0);
};

const onError = (event: EventPayload<'assistant:error'>) => {
  if (event.conversationId !== state().conversationId) return;
  const turn = state().turn;
  if (turn?.turnId && turn.turnId !== event.turnId) return;
  state().patch({
    turn: undefined,
    failure: { conversationId: event.conversationId, error: event.error, partialText: event.partialText, messageId: event.message?.id ?? null },
    messages: event.message ? upsertMessage(state().messages, event.message) : state().messages,
  });
  void refreshContext(0);
};

/** Subscribes the pane to turn and context events; returns the unsubscribe. */
export const subscribeTurnEvents = (): (() => void) => {
  const offs = [
    api.on('assistant:delta', onDelta),
    api.on('assistant:tool', onTool),
    api.on('assistant:done', onDone),
    api.on('assistant:error', onError),
    api.on('context:warning', (warning) => {
      if (warning.conversationId === state().conversationId) void refreshContext(0);
    }),
  ];
  return () => offs.forEach((off) => off());
};
