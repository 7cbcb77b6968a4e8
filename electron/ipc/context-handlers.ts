// SPDX-License-Identifier: MIT
import type { ContextEngine } from '../context/context-engine';
import type { InvokeHandlers } from './router';

/**
 * Model limits and redaction are settings: they are written through `settings:set` only, so the
 * context channels are about the request, the usage and compaction (and the one read the
 * assistant pane needs, a model's effective limit).
 */
export type ContextHandlers = Pick<
  InvokeHandlers,
  | 'context:preview'
  | 'context:usage'
  | 'context:get-commands'
  | 'context:get-model-config'
  | 'context:compact'
  | 'context:undo-compaction'
  | 'context:clear'
>;

export const contextHandlers = (engine: ContextEngine): ContextHandlers => ({
  'context:preview': (request) => engine.preview(request),
  'context:usage': ({ conversationId }) => engine.getContextUsage(conversationId),
  'context:get-commands': ({ commandIds }) => engine.getCommands(commandIds),
  'context:get-model-config': ({ model }) => engine.getModelConfig(model),
  'context:compact': ({ conversationId }) => engine.compactContext(conversationId),
  'context:undo-compaction': ({ conversationId }) => engine.undoCompaction(conversationId),
  'context:clear': ({ conversationId }) => engine.clearContext(conversationId),
});
