// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type AppServer } from '../../e2e/support/app';
import { HostClient } from '../support/host-ws-client';

/**
 * Expected failures reach the renderer as typed errors with a message it can show, never as
 * `internal` (which means a bug, and is logged with a stack on the host's stderr).
 */
describe('typed errors through the host', () => {
  let server: AppServer;
  let client: HostClient;
  let stderr = '';
  const model = { providerId: 'env', model: 'tiny-model' };

  beforeAll(async () => {
    server = await startServer({
      env: { CONTEXTERM_PROVIDER: 'openai-compatible', CONTEXTERM_BASE_URL: 'http://127.0.0.1:9/v1', CONTEXTERM_MODEL: 'tiny-model' },
    });
    server.process.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = await HostClient.connect(server.origin, server.token);
    model.providerId = (await client.invoke<{ defaultProviderId: string }>('settings:get', {})).defaultProviderId;
  });
  afterAll(async () => {
    client?.close();
    await server?.stop();
  });

  const expectCode = async (channel: string, payload: unknown, code: string, message: RegExp) => {
    const result = await client.invokeResult(channel, payload);
    expect(result.ok, `${channel} should fail`).toBe(false);
    expect({ channel, code: result.error?.code }).toEqual({ channel, code });
    expect(result.error?.message).toMatch(message);
  };

  it('answers not-found for ids that do not exist', async () => {
    await expectCode('conversations:rename', { conversationId: 'missing', title: 'x' }, 'not-found', /conversation/i);
    await expectCode('assistant:retry', { conversationId: 'missing', turnId: randomUUID() }, 'not-found', /conversation/i);
    await expectCode('models:list', { providerId: 'no-such-provider' }, 'not-found', /provider/i);
    await expectCode('conversations:get', { conversationId: 'missing' }, 'not-found', /conversation/i);
  });

  it('answers a redaction pattern that is rejected with the field it belongs to', async () => {
    // settings:set answers field errors as invalid-payload, `path: message` lines the form maps back.
    const redaction = { enabled: true, userPatterns: [{ kind: 'x', pattern: '(' }] };
    await expectCode('settings:set', { redaction }, 'invalid-payload', /^redaction\.userPatterns\.0\.pattern: .*regular expression/i);
  });

  it('answers invalid-request when the question cannot fit the model at all', async () => {
    const models = [
      { model: 'tiny-model', contextLimit: 100, warningThreshold: 0.8, compactionMode: 'summarize', reservedOutputTokens: 16 },
    ];
    await client.invoke('settings:set', { models });
    const { id } = await client.invoke<{ id: string }>('conversations:create', {});
    await expectCode(
      'assistant:ask',
      { turnId: randomUUID(), conversationId: id, question: 'why?', model },
      'invalid-request',
      /context limit/i,
    );
  });

  it('logs no stack for any of them', () => {
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
