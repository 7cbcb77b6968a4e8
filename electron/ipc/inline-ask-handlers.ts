// SPDX-License-Identifier: MIT
import { InlineAskService, type InlineAskDeps } from '../assistant/inline-ask';
import type { InvokeHandlers } from './router';

type Handlers = Pick<InvokeHandlers, 'assistant:inline-ask' | 'assistant:inline-cancel'>;

/** Ctrl+I's command from words (electron/assistant/inline-ask.ts), and the cancel its box sends when closed. */
export const inlineAskHandlers = (deps: InlineAskDeps): Handlers => {
  const service = new InlineAskService(deps);
  return {
    'assistant:inline-ask': (request) => service.ask(request),
    'assistant:inline-cancel': ({ requestId }) => ({ cancelled: service.cancel(requestId) }),
  };
};
