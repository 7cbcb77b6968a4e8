// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { typeInTerminal, waitForTerminalText } from '../support/app';
import { ask, attachCommand, chatRequests, openAssistantApp, waitForAnswer, type AssistantApp } from '../support/assistant-page';

/** The same pane against the scripted Anthropic Messages API, through the Anthropic SDK. */
const MODEL = 'claude-scripted';
const KEY = 'sk-ant-test-key-that-stays-in-main-0123456789';

let app: AssistantApp;
let llm: ScriptedLlmServer;
let page: Page;

beforeAll(async () => {
  app = await openAssistantApp({
    llm: { models: [MODEL] },
    env: (scripted) => ({
      CONTEXTERM_PROVIDER: 'anthropic',
      CONTEXTERM_BASE_URL: scripted.url,
      CONTEXTERM_MODEL: MODEL,
      CONTEXTERM_API_KEY: KEY,
      PS1: 'ct$ ',
    }),
    beforeLoad: (p) => p.on('pageerror', (error) => console.error('[pageerror]', error.message)),
  });
  ({ llm, page } = app);
  await waitForTerminalText(page, /[$#%>]\s*$/m, 30_000);
});

afterAll(() => app?.close());

describe('assistant pane against a scripted Anthropic server', () => {
  it('streams an answer after a get_commands round trip, with the key only in the request header', async () => {
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));
    await typeInTerminal(page, 'echo "disk full on /var" && false\n');
    const id = await attachCommand(page, 'disk full');
    llm.enqueue(
      { kind: 'tool-calls', calls: [{ id: 'toolu_1', name: 'get_commands', arguments: JSON.stringify({ command_ids: [id] }) }] },
      { kind: 'text', text: 'Your /var partition is full.' },
    );
    await ask(page, 'what broke?');
    await waitForAnswer(page, 'Your /var partition is full.');
    const [first, second] = chatRequests(llm);
    expect(first?.protocol).toBe('anthropic');
    expect(first?.path).toBe('/v1/messages');
    expect(first?.headers['x-api-key'] ?? first?.headers.authorization).toContain(KEY);
    expect(first?.rawBody).toContain('what broke?');
    expect(first?.rawBody).toContain('disk full on /var');
    // Anthropic's shape: the tool result goes back as a user turn with a tool_result block.
    expect(second?.rawBody).toContain('"tool_result"');
    expect(second?.rawBody).toContain('toolu_1');
    expect(frames.join('\n')).not.toContain(KEY);
  });
});
