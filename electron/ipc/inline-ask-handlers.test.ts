// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTION_SETTINGS } from '../context/redaction';
import { FakeProvider } from '../llm/testing/collect';
import { inlineAskHandlers } from './inline-ask-handlers';
import { createRouter, type Client, type InvokeHandlers, type SendHandlers } from './router';

const client: Client = { id: 'test', emit: () => undefined, onClose: () => undefined };

const routerWith = (answers: string[]) => {
  const provider = new FakeProvider(
    answers.map((text) => [
      { type: 'text-delta', text },
      { type: 'done', finishReason: 'stop', rawFinishReason: 'stop' },
    ]),
  );
  const handlers = inlineAskHandlers({
    sessions: { flush: async () => undefined, getSession: async () => undefined, recentCommands: async () => [] },
    settings: { resolve: async () => ({ provider, settings: {} as never, model: 'm' }) },
    redaction: () => DEFAULT_REDACTION_SETTINGS,
  });
  return createRouter(handlers as unknown as InvokeHandlers, {} as SendHandlers);
};

const request = { requestId: 'req-00000001', sessionId: 'private-1', words: 'list files', model: { providerId: 'local', model: 'm' } };

describe('inline-ask handlers', () => {
  it('answer the command, or a failed result with the plain message when there is none', async () => {
    const router = routerWith(['```sh\nls -a\n```', 'I do not know.']);
    await expect(router.invoke(client, 'assistant:inline-ask', request)).resolves.toEqual({ ok: true, value: { command: 'ls -a' } });
    await expect(router.invoke(client, 'assistant:inline-ask', request)).resolves.toEqual({
      ok: false,
      error: { code: 'failed', message: 'The model did not answer with a command.' },
    });
  });

  it('cancel only what is in flight', async () => {
    await expect(routerWith([]).invoke(client, 'assistant:inline-cancel', { requestId: 'req-00000001' })).resolves.toEqual({
      ok: true,
      value: { cancelled: false },
    });
  });
});
