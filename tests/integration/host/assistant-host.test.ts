// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { startServer, type AppServer } from '../../e2e/support/app';
import { HostClient } from '../support/host-ws-client';

/**
 * The assistant's main-process half through the real browser-mode host and its WebSocket, against
 * the scripted OpenAI-compatible server: what the model receives, streaming, the tool loop, errors
 * and retry, and that no key ever travels to the renderer.
 */
const API_KEY = 'sk-test-never-leaves-main-0123456789abcdef';

describe('assistant through the host', () => {
  let llm: ScriptedLlmServer;
  let server: AppServer;
  let client: HostClient;
  const frames: string[] = [];
  const events: Array<{ channel: string; payload: unknown }> = [];
  let ptyId = '';
  let conversationId = '';
  const model = { providerId: 'env', model: 'scripted-model' };

  const waitForEvent = (channel: string, predicate: (payload: never) => boolean = () => true, timeoutMs = 20_000) =>
    new Promise<never>((resolve, reject) => {
      const found = events.find((e) => e.channel === channel && predicate(e.payload as never));
      if (found) return resolve(found.payload as never);
      const timer = setTimeout(() => reject(new Error(`no ${channel}`)), timeoutMs);
      const off = client.on((c, payload) => {
        if (c === channel && predicate(payload as never)) {
          clearTimeout(timer);
          off();
          resolve(payload as never);
        }
      });
    });

  beforeAll(async () => {
    llm = await startScriptedLlmServer();
    server = await startServer({
      env: {
        CONTEXTERM_PROVIDER: 'openai-compatible',
        CONTEXTERM_BASE_URL: llm.openaiBaseUrl,
        CONTEXTERM_MODEL: 'scripted-model',
        CONTEXTERM_API_KEY: API_KEY,
      },
    });
    client = await HostClient.connect(server.origin, server.token);
    client.on((channel, payload) => {
      frames.push(JSON.stringify(payload));
      events.push({ channel, payload });
      if (channel === 'pty:data') {
        const { id, data } = payload as { id: string; data: string };
        client.send('pty:ack', { id, chars: data.length });
      }
    });
    const settings = await client.invoke<{ providers: Array<{ id: string }>; defaultProviderId: string }>('settings:get', {});
    model.providerId = settings.defaultProviderId;
    ptyId = (await client.invoke<{ id: string }>('pty:spawn', { cols: 100, rows: 30 })).id;
    await waitForEvent('session:updated', (p: { session: { mode: string } }) => p.session.mode === 'integrated');
    client.send('pty:input', { id: ptyId, data: 'printf "build failed: missing symbol foo\\n"; false\r' });
    await waitForEvent('commands:updated', (p: { command: { exitCode: number | null } }) => p.command.exitCode === 1);
    conversationId = (await client.invoke<{ id: string }>('conversations:create', {})).id;
  });

  afterAll(async () => {
    client?.close();
    await server?.stop();
    await llm?.close();
  });

  it('sends the question, the attached output and the recent commands, and streams the answer', async () => {
    const [failed] = await client.invoke<Array<{ id: string }>>('commands:list', { sessionId: ptyId });
    llm.enqueue({ kind: 'text', text: 'The linker cannot find foo.', chunks: ['The linker ', 'cannot find ', 'foo.'] });
    const { turnId } = await client.invoke<{ turnId: string }>('assistant:ask', {
      turnId: randomUUID(),
      conversationId,
      question: 'why did it fail?',
      attachments: [failed!.id],
      model,
      sessionId: ptyId,
    });
    const done = await waitForEvent('assistant:done', (p: { turnId: string }) => p.turnId === turnId);
    expect((done as { message: { content: string } }).message.content).toBe('The linker cannot find foo.');
    expect(events.filter((e) => e.channel === 'assistant:delta').length).toBeGreaterThanOrEqual(3);
    const body = JSON.stringify(llm.requests.at(-1)!.body);
    expect(body).toContain('why did it fail?');
    expect(body).toContain('build failed: missing symbol foo');
    expect(body).toContain('get_commands');
    expect(llm.requests.at(-1)!.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('runs a get_commands round trip', async () => {
    const [failed] = await client.invoke<Array<{ id: string }>>('commands:list', { sessionId: ptyId });
    llm.enqueue(
      {
        kind: 'tool-calls',
        calls: [{ id: 'call_1', name: 'get_commands', arguments: JSON.stringify({ command_ids: [failed!.id, 'nope:9'] }) }],
      },
      { kind: 'text', text: 'Fetched it.' },
    );
    const before = llm.requests.length;
    const { turnId } = await client.invoke<{ turnId: string }>('assistant:ask', {
      turnId: randomUUID(),
      conversationId,
      question: 'look it up',
      attachments: [],
      model,
    });
    await waitForEvent('assistant:done', (p: { turnId: string }) => p.turnId === turnId);
    const second = JSON.stringify(llm.requests[before + 1]!.body);
    expect(second).toContain('"role":"tool"');
    expect(second).toContain('build failed: missing symbol foo');
    expect(second).toContain('nope:9');
  });

  it('reports a provider error and answers the same question on retry', async () => {
    llm.enqueue({ kind: 'error', status: 503, message: 'overloaded' }, { kind: 'text', text: 'Second try worked.' });
    const { turnId } = await client.invoke<{ turnId: string }>('assistant:ask', {
      turnId: randomUUID(),
      conversationId,
      question: 'try again later?',
      attachments: [],
      model,
    });
    const error = await waitForEvent('assistant:error', (p: { turnId: string }) => p.turnId === turnId);
    expect((error as { error: { kind: string; retryable: boolean } }).error).toMatchObject({ kind: 'server', retryable: true });
    const retry = await client.invoke<{ turnId: string }>('assistant:retry', { conversationId, turnId: randomUUID() });
    await waitForEvent('assistant:done', (p: { turnId: string }) => p.turnId === retry.turnId);
    const { messages } = await client.invoke<{ messages: Array<{ role: string; content: string }> }>('conversations:get', {
      conversationId,
    });
    expect(messages.filter((m) => m.content === 'try again later?')).toHaveLength(1);
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Second try worked.' });
  });

  it("warns when the conversation reaches the model's threshold", async () => {
    const { models } = await client.invoke<{ models: Array<{ model: string }> }>('settings:get', {});
    const tight = {
      model: model.model,
      contextLimit: 2000,
      warningThreshold: 0.05,
      compactionMode: 'summarize',
      reservedOutputTokens: 100,
    };
    await client.invoke('settings:set', { models: [...models.filter((m) => m.model !== model.model), tight] });
    llm.enqueue({ kind: 'text', text: 'A long answer '.repeat(20) });
    const { turnId } = await client.invoke<{ turnId: string }>('assistant:ask', {
      turnId: randomUUID(),
      conversationId,
      question: 'and now?',
      attachments: [],
      model,
    });
    await waitForEvent('assistant:done', (p: { turnId: string }) => p.turnId === turnId);
    const warning = await waitForEvent('context:warning', (p: { conversationId: string }) => p.conversationId === conversationId);
    expect(warning).toMatchObject({ model: model.model, threshold: 0.05, usage: { contextLimit: 2000 } });
    await client.invoke('settings:set', { models });
  });

  it('compacts before a question that would leave history out, on small models unless turned off', async () => {
    const { models } = await client.invoke<{ models: Array<{ model: string }> }>('settings:get', {});
    const small = {
      model: model.model,
      contextLimit: 1500,
      warningThreshold: 0.8,
      compactionMode: 'truncate-oldest',
      reservedOutputTokens: 100,
    };
    await client.invoke('settings:set', { models: [...models.filter((m) => m.model !== model.model), small] });
    const { id } = await client.invoke<{ id: string }>('conversations:create', {});
    const autoCompacted: unknown[] = [];
    const off = client.on((channel, payload) => channel === 'context:auto-compacted' && autoCompacted.push(payload));
    for (let n = 0; n < 6 && autoCompacted.length === 0; n++) {
      llm.enqueue({ kind: 'text', text: `answer ${n} `.repeat(120) });
      const { turnId } = await client.invoke<{ turnId: string }>('assistant:ask', {
        turnId: randomUUID(),
        conversationId: id,
        question: `question ${n}`,
        attachments: [],
        model,
      });
      await waitForEvent('assistant:done', (p: { turnId: string }) => p.turnId === turnId);
    }
    off();
    expect(autoCompacted).toHaveLength(1);
    expect(autoCompacted[0]).toMatchObject({ conversationId: id, result: { mode: 'truncate-oldest' } });
    // What the model got after compacting starts with a question, as every request must.
    const body = JSON.parse(llm.requests.at(-1)!.rawBody) as { messages: Array<{ role: string }> };
    expect(body.messages[1]?.role).toBe('user');

    // Turned off explicitly, the same model only warns.
    await client.invoke('settings:set', { models: [...models.filter((m) => m.model !== model.model), { ...small, autoCompact: false }] });
    const again = await client.invoke<{ id: string }>('conversations:create', {});
    let compactedAgain = false;
    const offAgain = client.on((channel) => channel === 'context:auto-compacted' && (compactedAgain = true));
    for (let n = 0; n < 6; n++) {
      llm.enqueue({ kind: 'text', text: `answer ${n} `.repeat(120) });
      const { turnId } = await client.invoke<{ turnId: string }>('assistant:ask', {
        turnId: randomUUID(),
        conversationId: again.id,
        question: `question ${n}`,
        attachments: [],
        model,
      });
      await waitForEvent('assistant:done', (p: { turnId: string }) => p.turnId === turnId);
    }
    offAgain();
    expect(compactedAgain).toBe(false);
    await client.invoke('settings:set', { models });
  });

  it('never sends a key to the renderer, and redacts secrets typed in the terminal', async () => {
    client.send('pty:input', { id: ptyId, data: 'echo "export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789"\r' });
    await waitForEvent('commands:updated', (p: { command: { commandLine: string | null; endedAt: number | null } }) =>
      Boolean(p.command.commandLine?.includes('GITHUB_TOKEN') && p.command.endedAt),
    );
    llm.enqueue({ kind: 'text', text: 'ok' });
    const { turnId } = await client.invoke<{ turnId: string }>('assistant:ask', {
      turnId: randomUUID(),
      conversationId,
      question: 'what did I just run?',
      attachments: [],
      model,
      sessionId: ptyId,
    });
    await waitForEvent('assistant:done', (p: { turnId: string }) => p.turnId === turnId);
    const body = llm.requests.at(-1)!.rawBody;
    expect(body).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    expect(body).toContain('[REDACTED:');
    expect(frames.join('\n')).not.toContain(API_KEY);
  });
});
