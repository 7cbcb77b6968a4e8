// SPDX-License-Identifier: MIT
import type { z } from 'zod';
import { IpcFailure } from '../../shared/ipc/define';
import type { InvokeDef } from '../../shared/ipc/define';
import type { contextChannels } from '../../shared/ipc/context';
import { ConversationNotFoundError } from './context-manager';
import type { ContextEngine } from './context-engine';
import { RedactionPatternError } from './redaction';
import { ContextBudgetError } from './request-builder';
import { ModelConfigError } from './usage';

type Channels = typeof contextChannels;
type InvokeName = { [K in keyof Channels]: Channels[K] extends InvokeDef ? K : never }[keyof Channels];

/** Handlers typed from the channel map; they fit the router's InvokeHandlers once the map is merged. */
export type ContextInvokeHandlers = {
  [K in InvokeName]: Channels[K] extends InvokeDef<infer Req, infer Res> ? (request: z.output<Req>) => Promise<z.output<Res>> : never;
};

/** Known failures become typed IPC errors; anything else stays `internal` (and is logged by the router). */
const mapped = async <T>(work: () => Promise<T> | T): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConversationNotFoundError) throw new IpcFailure('not-found', error.message);
    if (error instanceof ModelConfigError || error instanceof RedactionPatternError || error instanceof ContextBudgetError) {
      throw new IpcFailure('failed', error.message);
    }
    throw error;
  }
};

export const contextHandlers = (engine: ContextEngine): ContextInvokeHandlers => ({
  'context:preview': (request) => mapped(() => engine.preview(request)),
  'context:usage': ({ conversationId }) => mapped(() => engine.getContextUsage(conversationId)),
  'context:get-commands': ({ commandIds }) => mapped(() => engine.getCommands(commandIds)),
  'context:list-model-configs': () => mapped(() => engine.listModelConfigs()),
  'context:get-model-config': ({ model }) => mapped(() => engine.getModelConfig(model)),
  'context:set-model-config': (input) => mapped(() => engine.setModelConfig(input)),
  'context:reset-model-config': ({ model }) => mapped(() => engine.resetModelConfig(model)),
  'context:compact': ({ conversationId }) => mapped(() => engine.compactContext(conversationId)),
  'context:undo-compaction': ({ conversationId }) => mapped(() => engine.undoCompaction(conversationId)),
  'context:clear': ({ conversationId }) => mapped(() => engine.clearContext(conversationId)),
  'context:get-redaction': () => mapped(() => engine.getRedactionSettings()),
  'context:set-redaction': (settings) => mapped(() => engine.setRedactionSettings(settings)),
});
