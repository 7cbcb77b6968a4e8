// SPDX-License-Identifier: MIT
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { answers, bodyOf, chatRequests, waitForAnswer } from './assistant-page';

/** A scripted model turn that proposes one command through run_command. */
export const runCommand = (command: string, reason = 'To look.') => ({
  kind: 'tool-calls' as const,
  calls: [{ name: 'run_command', arguments: { command, reason } }],
});

/** The newest agent step for exactly this command line. */
export const agentStep = (page: Page, command: string): Locator =>
  page.locator(`[data-testid="agent-step"][data-command="${command.replace(/["\\]/g, '\\$&')}"]`).last();

/** The tool messages the model got in its latest request, as sent. */
export const toolMessages = (llm: ScriptedLlmServer): string[] =>
  bodyOf(chatRequests(llm).at(-1)!)
    .messages.filter((m) => m.role === 'tool')
    .map((m) => String(m.content));

/** Waits for the stored answer to end with `text`. */
export const answered = async (page: Page, text: string): Promise<void> => {
  await waitForAnswer(page, text);
  await expect.poll(() => answers(page).last().innerText()).toContain(text);
};
