// SPDX-License-Identifier: MIT
import type { ConversationMessage } from '../../../shared/ipc/assistant';
import { useCommands } from '../../state/commands';
import { activeTerminalId } from '../../state/workspace';
import { invoke } from '../../transport/invoke';
import { createConversation, refreshConversations, report } from '../conversation/conversation-actions';
import { currentModel } from '../model/model-choice';
import { useAssistant } from '../store/assistant-store';

const state = () => useAssistant.getState();

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
    steps: [],
    citations: [],
    usage: null,
    model,
    createdAt: Date.now(),
    compacted: false,
    error: null,
  };
  // Optimistic: the question shows at once, and the composer is cleared only once the turn exists.
  // The turn id is ours, so Stop works and events are recognised before the answer to ask arrives.
  const turnId = crypto.randomUUID();
  state().questionSent(pending, turnId);
  const result = await invoke('assistant:ask', {
    conversationId,
    question,
    attachments: attachments.map((a) => a.commandId),
    model,
    sessionId: activeTerminalId() ?? null,
    turnId,
  });
  if (!result.ok) {
    state().questionRefused(pending.id);
    return report(`Could not ask: ${result.error.message}`);
  }
  // The attachments went with the question: their chips leave the composer, and the list stops
  // highlighting the command they came from, which would otherwise look attached still.
  useCommands.getState().deselect([...attachments, ...state().attachments].map((a) => a.commandId));
  state().questionAccepted({ pendingId: pending.id, userMessageId: result.value.userMessageId, sentDraft: draft });
  void refreshConversations();
};

export const cancel = async (): Promise<void> => {
  const turn = state().turn;
  if (!turn) return;
  state().stopRequested();
  // A turn this window did not start (another window asked) has no id until its first event.
  if (!turn.turnId) return;
  const result = await invoke('assistant:cancel', { turnId: turn.turnId });
  // The turn had already ended on the server: no event will come, so stop waiting for one.
  if (result.ok && !result.value.cancelled && state().turn?.turnId === turn.turnId) state().turnEndedUnseen();
};

/** Runs the conversation's last question again (after an error or a stop) with the selected model. */
export const retry = async (): Promise<void> => {
  const conversationId = state().conversationId;
  if (!conversationId || state().turn) return;
  const model = currentModel();
  const turnId = crypto.randomUUID();
  state().retryStarted(conversationId, turnId);
  const result = await invoke('assistant:retry', { conversationId, turnId, ...(model ? { model } : {}) });
  if (!result.ok) {
    state().retryRefused();
    return report(`Could not retry: ${result.error.message}`);
  }
};
