// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc';
import type { ConversationSummary } from '../../shared/ipc/assistant';
import type { AssistantService } from '../assistant/assistant-service';
import type { ContextEngine } from '../context/context-engine';
import type { SettingsService } from '../settings/settings-service';
import type { InvokeHandlers } from './router';

type Handlers = Pick<
  InvokeHandlers,
  | 'assistant:ask'
  | 'assistant:retry'
  | 'assistant:cancel'
  | 'conversations:list'
  | 'conversations:create'
  | 'conversations:rename'
  | 'conversations:delete'
  | 'conversations:search'
  | 'conversations:get'
>;

export interface AssistantHandlerDeps {
  readonly assistant: AssistantService;
  readonly engine: ContextEngine;
  readonly settings: SettingsService;
}

/** Conversations are read and written through the engine's one conversation writer. */
export const assistantHandlers = ({ assistant, engine, settings }: AssistantHandlerDeps): Handlers => {
  const { conversations } = engine;
  const summary = async (id: string): Promise<ConversationSummary> => {
    const found = await conversations.summary(id);
    if (!found) throw new DomainError('not-found', `no conversation ${id}`);
    return { id: found.id, title: found.title, createdAt: found.createdAt, updatedAt: found.updatedAt, messageCount: found.messageCount };
  };
  const defaultModel = (): string => {
    const id = settings.current.defaultProviderId;
    return settings.current.providers.find((p) => p.id === id)?.defaultModel || 'unknown';
  };
  return {
    'assistant:ask': (request) => assistant.ask(request),
    'assistant:retry': ({ conversationId, model, turnId }) => assistant.retry(conversationId, turnId, model),
    'assistant:cancel': ({ turnId }) => ({ cancelled: assistant.cancel(turnId) }),
    'conversations:list': async ({ limit }) =>
      (await conversations.listConversations(limit ?? 100)).map(({ model: _model, ...rest }) => rest),
    'conversations:create': async ({ title }) => {
      const created = await engine.createConversation(defaultModel(), title ?? 'New conversation');
      return summary(created.id);
    },
    'conversations:rename': async ({ conversationId, title }) => {
      await conversations.rename(conversationId, title);
      return summary(conversationId);
    },
    'conversations:delete': async ({ conversationId }) => ({ deleted: await conversations.delete(conversationId) }),
    'conversations:search': async ({ query, limit }) =>
      Promise.all(
        (await conversations.search(query, limit ?? 20)).map(async (hit) => ({
          conversation: await summary(hit.conversationId),
          messageId: hit.messageId,
          snippet: hit.snippet,
        })),
      ),
    'conversations:get': async ({ conversationId }) => ({
      conversation: await summary(conversationId),
      messages: await assistant.messages(conversationId),
    }),
  };
};
