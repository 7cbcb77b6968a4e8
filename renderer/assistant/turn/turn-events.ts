// SPDX-License-Identifier: MIT
import type { EventPayload } from '../../../shared/ipc';
import { api } from '../../transport/api';
import { refreshContext } from '../context/context-actions';
import { openConversation, refreshConversations } from '../conversation/conversation-actions';
import { followStep } from '../agent/step-actions';
import { useAssistant } from '../store/assistant-store';

const state = () => useAssistant.getState();

const onDone = (event: EventPayload<'assistant:done'>) => {
  if (event.conversationId !== state().conversationId) return void refreshConversations();
  state().turnFinished(event.message);
  void openConversation(event.conversationId);
  void refreshConversations();
  void refreshContext(0);
};

const onError = (event: EventPayload<'assistant:error'>) => {
  if (event.conversationId !== state().conversationId) return;
  const turn = state().turn;
  if (turn?.turnId && turn.turnId !== event.turnId) return;
  state().turnFailed(event);
  void refreshContext(0);
};

/** Subscribes the pane to turn and context events; returns the unsubscribe. */
export const subscribeTurnEvents = (): (() => void) => {
  const offs = [
    // Which turn a delta or tool call belongs to is decided by the store (see turn-state.ts).
    api.on('assistant:delta', (event) => state().deltaReceived(event)),
    api.on('assistant:tool', (event) => state().toolCallUpdated(event)),
    api.on('agent:step', (event) => {
      state().stepUpdated(event);
      followStep(event.step);
    }),
    api.on('assistant:done', onDone),
    api.on('assistant:error', onError),
    api.on('context:warning', (warning) => {
      if (warning.conversationId === state().conversationId) void refreshContext(0);
    }),
  ];
  return () => offs.forEach((off) => off());
};
