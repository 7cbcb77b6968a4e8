// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { waitForTerminalText } from '../support/app';
import { ask, chatRequests, openAssistantApp, waitForAnswer, type AssistantApp } from '../support/assistant-page';

/** run_command through the Anthropic SDK: tool_use in, tool_result (from the record) back. */
const MODEL = 'claude-scripted';
const KEY = 'sk-ant-test-key-that-stays-in-main-0123456789';

let app: AssistantApp;
let llm: ScriptedLlmServer;
let page: Page;

beforeAll(async () => {
  app = await openAssistantApp({
    integrated: true,
    llm: { models: [MODEL] },
    env: (scripted) => ({
      CONTEXTERM_PROVIDER: 'anthropic',
      CONTEXTERM_BASE_URL: scripted.url,
      CONTEXTERM_MODEL: MODEL,
      CONTEXTERM_API_KEY: KEY,
    }),
  });
  ({ llm, page } = app);
});

afterAll(() => app?.close());

interface AnthropicBlock {
  readonly type: string;
  readonly name?: string;
  readonly tool_use_id?: string;
  readonly content?: unknown;
}

describe('run_command against a scripted Anthropic server', () => {
  it('offers the tool, runs the approved command, and sends a tool_result built from its record', async () => {
    const command = "sh -c 'echo anthropic-ran-$((5*5)); exit 4'";
    llm.enqueue(
      { kind: 'tool-calls', calls: [{ id: 'toolu_run_1', name: 'run_command', arguments: { command, reason: 'To check.' } }] },
      { kind: 'text', text: 'It exited with 4.' },
    );
    await ask(page, 'Run the check.');
    const step = page.locator(`[data-testid="agent-step"][data-command="${command}"]`);
    await step.getByTestId('agent-run').click();
    await waitForAnswer(page, 'It exited with 4.');
    expect(await step.getAttribute('data-exit-code')).toBe('4');
    await waitForTerminalText(page, /^anthropic-ran-25\s*$/m);

    const [first, second] = chatRequests(llm);
    const tools = (first!.body as { tools: Array<{ name: string; input_schema: { required: string[] } }> }).tools;
    expect(tools.find((t) => t.name === 'run_command')?.input_schema.required).toEqual(['command']);
    const messages = (second!.body as { messages: Array<{ role: string; content: AnthropicBlock[] | string }> }).messages;
    const blocks = messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content));
    const result = blocks.find((b) => b.type === 'tool_result' && b.tool_use_id === 'toolu_run_1');
    const text = typeof result?.content === 'string' ? result.content : JSON.stringify(result?.content);
    expect(text).toContain('anthropic-ran-25');
    expect(text).toContain('"exit_code":4');
  });
});
