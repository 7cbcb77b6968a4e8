// SPDX-License-Identifier: MIT
import type { z } from 'zod';
import type { InvokeDef } from '../../shared/ipc/define';
import type { contextChannels } from '../../shared/ipc/context';
import type { ContextEngine } from './context-engine';

type Channels = typeof contextChannels;
type InvokeName = { [K in keyof Channels]: Channels[K] extends InvokeDef ? K : never }[keyof Channels];

/** Handlers typed from the channel map; they fit the router's InvokeHandlers once the map is merged. */
export type ContextInvokeHandlers = {
  [K in InvokeName]: Channels[K] extends InvokeDef<infer Req, infer Res> ? (request: z.output<Req>) => Promise<z.output<Res>> | z.output<Res> : never;
};

export const contextHandlers = (engine: ContextEngine): ContextInvokeHandlers => ({
  'context:preview': (request) => engine.preview(request),
  'context:usage': ({ conversationId }) => engine.getContextUsage(conversationId),
  'context:get-commands': ({ commandIds }) => engine.getCommands(commandIds),
  'context:list-model-configs': () => engine.listModelConfigs(),
  'context:get-model-config': ({ model }) => engine.getModelConfig(model),
  'context:set-model-config': (input) => engine.setModelConfig(input),
  'context:reset-model-config': ({ model }) => engine.resetModelConfig(model),
  'context:compact': ({ conversationId }) => engine.compactContext(conversationId),
  'context:undo-compaction': ({ conversationId }) => engine.undoCompaction(conversationId),
  'context:clear': ({ conversationId }) => engine.clearContext(conversationId),
  'context:get-redaction': () => engine.getRedactionSettings(),
  'context:set-redaction': (settings) => engine.setRedactionSettings(settings),
});
