// SPDX-License-Identifier: MIT
import type { ConversationMessage } from '../../shared/ipc/assistant';
import { useAssistant } from '../state/assistant';
import { invoke } from './ipc';
import { refreshContext } from './context-actions';
import { loadPref, savePref } from './prefs';

const state = () => useAssistant.getState();

/** Failures of the pane's own requests go to one dismissible notice; model errors have their own path. */
export const report = (message: string): void => state().patch({ notice: message });

export const refreshConversations = async (): Promise<void> => {
  const result = await invoke('conversations:list', { limit: 200 });
  if (!result.ok) return report(`Could not list conversations: ${result.error.message}`);
  const sorted = [...result.value].sort((a, b) => b.updatedAt - a.updatedAt);
  state().patch({ conversations: sorted });
};

/** Loads a conversation's messages; keeps a streaming turn of the same conversation as it is. */
export const openConversation = async (conversationId: string | undefined): Promise<void> => {
  const previous = state().conversationId;
  savePref('conversation', conversationId);
  if (conversationId !== previous) {
    state().patch({ conversationId, messages: [], failure: undefined, compaction: undefined, turn: undefined });
  }
  if (!conversationId) return void refreshContext();
  const result = await invoke('conversations:get', { conversationId });
  if (state().conversationId !== conversationId) return;
  if (!result.ok) {
    if (result.error.code === 'not-found') {
      state().patch({ conversationId: undefined, messages: [] });
      savePref('conversation', undefined);
    } else report(`Could not load the conversation: ${result.error.message}`);
    return;
  }
  state().patch({ messages: result.value.messages, failure: failureFromMessages(conversationId, result.value.messages) });
  void refreshContext();
};

/** After a reload an unanswered question whose answer failed still offers Retry. */
const failureFromMessages = (conversationId: string, messages: readonly ConversationMessage[]) => {
  const last = messages.at(-1);
  if (!last || last.role !== 'assistant' || !last.error) return state().failure;
  return { conversationId, error: last.error, partialText: last.content, messageId: last.id };
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
  state().patch({ conversations: [result.value, ...state().conversations.filter((c) => c.id !== result.value.id)] });
  await openConversation(result.value.id);
  return result.value.id;
};

export const renameConversation = async (conversationId: string, title: string): Promise<void> => {
  const trimmed = title.trim();
  if (!trimmed) return;
  const result = await invoke('conversations:rename', { conversationId, title: trimmed.slice(0, 200) });
  if (!result.ok) return report(`Could not rename: ${result.error.message}`);
  state().patch({ conversations: state().conversations.map((c) => (c.id === conversationId ? result.value : c)) });
};

export const deleteConversation = async (conversationId: string): Promise<void> => {
  const result = await invoke('conversations:delete', { conversationId });
  if (!result.ok) return report(`Could not delete: ${result.error.message}`);
  const rest = state().conversations.filter((c) => c.id !== conversationId);
  state().patch({ conversations: rest });
  if (state().conversationId === conversationId) await openConversation(rest[0]?.id);
};

export const searchConversations = async (query: string) => {
  const result = await invoke('conversations:search', { query, limit: 50 });
  return result.ok ? result.value : [];
};
