// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc';
import type { ConversationSummary } from '../../shared/ipc/assistant';
import type { ContextEngine } from '../context/context-engine';
import type { InvokeHandlers } from '../core/router';
import type { SettingsService } from '../settings/settings-service';
import type { AssistantService } from './assistant-service';
import type { SqliteConversationRepository } from './sqlite-conversations';

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
  readonly conversations: SqliteConversationRepository;
  readonly engine: ContextEngine;
  readonly settings: SettingsService;
}

export const assistantHandlers = ({ assistant, conversations, engine, settings }: AssistantHandlerDeps): Handlers => {
  const summary = (id: string): ConversationSummary => {
    const found = conversations.summary(id);
    if (!found) throw new DomainError('not-found', `no conversation ${id}`);
    return { id: found.id, title: found.title, createdAt: found.createdAt, updatedAt: found.updatedAt, messageCount: found.messageCount };
  };
  const defaultModel = (): string => {
    const id = settings.current.defaultProviderId;
    return settings.current.providers.find((p) => p.id === id)?.defaultModel || 'unknown';
  };
  return {
    'assistant:ask': (request) => assistant.ask(request),
    'assistant:retry': ({ conversationId, model }) => assistant.retry(conversationId, model),
    'assistant:cancel': ({ turnId }) => ({ cancelled: assistant.cancel(turnId) }),
    'conversations:list': ({ limit }) =>
      conversations.listConversations(limit ?? 100).map(({ model: _model, ...rest }) => rest),
    'conversations:create': async ({ title }) => {
      const created = await engine.createConversation(defaultModel(), title ?? 'New conversation');
      return summary(created.id);
    },
    'conversations:rename': ({ conversationId, title }) => {
      conversations.rename(conversationId, title, Date.now());
      return summary(conversationId);
    },
    'conversations:delete': ({ conversationId }) => ({ deleted: conversations.delete(conversationId) }),
    'conversations:search': ({ query, limit }) =>
      conversations.search(query, limit ?? 20).map((hit) => ({
        conversation: summary(hit.conversationId),
        messageId: hit.messageId,
        snippet: hit.snippet,
      })),
    'conversations:get': async ({ conversationId }) => ({
      conversation: summary(conversationId),
      messages: await assistant.messages(conversationId),
    }),
  };
};
