// SPDX-License-Identifier: MIT
import { loadPref, savePref } from '../../state/prefs';
import { invoke } from '../../transport/invoke';
import { refreshContext } from '../context/context-actions';
import { useAssistant } from '../store/assistant-store';

const state = () => useAssistant.getState();

/** Failures of the pane's own requests go to one dismissible notice; model errors have their own path. */
export const report = (message: string): void => state().noticeShown(message);

export const refreshConversations = async (): Promise<void> => {
  const result = await invoke('conversations:list', { limit: 200 });
  if (!result.ok) return report(`Could not list conversations: ${result.error.message}`);
  state().conversationsListed(result.value);
};

/** Loads a conversation's messages; keeps a streaming turn of the same conversation as it is. */
export const openConversation = async (conversationId: string | undefined): Promise<void> => {
  const previous = state().conversationId;
  savePref('conversation', conversationId);
  if (conversationId !== previous) {
    state().conversationSelected(conversationId);
  }
  if (!conversationId) return void refreshContext();
  const result = await invoke('conversations:get', { conversationId });
  if (state().conversationId !== conversationId) return;
  if (!result.ok) {
    if (result.error.code === 'not-found') {
      state().conversationGone();
      savePref('conversation', undefined);
    } else report(`Could not load the conversation: ${result.error.message}`);
    return;
  }
  state().conversationLoaded(conversationId, result.value.messages);
  void refreshContext();
  // An answer may be waiting on a command this window has not seen proposed (it reloaded meanwhile).
  const running = await invoke('agent:steps', { conversationId });
  if (running.ok && running.value.turnId && state().conversationId === conversationId) {
    state().stepsRestored(conversationId, running.value.turnId, running.value.steps);
  }
};

/** Picks up where the last session left off: the remembered conversation, else the most recent. */
export const restoreConversation = async (): Promise<void> => {
  await refreshConversations();
  const remembered = loadPref<string | undefined>('conversation', undefined);
  const list = state().conversations;
  const id = list.find((c) => c.id === remembered)?.id ?? list[0]?.id;
  await openConversation(id);
};

export const createConversation = async (title?: string): Promise<string | undefined> => {
  const result = await invoke('conversations:create', title ? { title } : {});
  if (!result.ok) {
    report(`Could not start a conversation: ${result.error.message}`);
    return undefined;
  }
  state().conversationCreated(result.value);
  await openConversation(result.value.id);
  return result.value.id;
};

export const renameConversation = async (conversationId: string, title: string): Promise<void> => {
  const trimmed = title.trim();
  if (!trimmed) return;
  const result = await invoke('conversations:rename', { conversationId, title: trimmed.slice(0, 200) });
  if (!result.ok) return report(`Could not rename: ${result.error.message}`);
  state().conversationRenamed(result.value);
};

export const deleteConversation = async (conversationId: string): Promise<void> => {
  const result = await invoke('conversations:delete', { conversationId });
  if (!result.ok) return report(`Could not delete: ${result.error.message}`);
  state().conversationDeleted(conversationId);
  if (state().conversationId === conversationId) await openConversation(state().conversations[0]?.id);
};

export const searchConversations = async (query: string) => {
  const result = await invoke('conversations:search', { query, limit: 50 });
  return result.ok ? result.value : [];
};
