// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { agentStep, answered, runCommand } from '../support/agent-page';
import { ask, openAssistantApp, type AssistantApp } from '../support/assistant-page';

/**
 * A keyboard path to Run (issue 41): after Send the focus went to the page's body, so a proposed
 * step needed the mouse. The step now takes the keyboard with Run as its default: Enter runs it,
 * Esc skips it (and does not stop the answer, as Esc elsewhere in the pane does).
 */
let app: AssistantApp;
let llm: ScriptedLlmServer;
let page: Page;

beforeAll(async () => {
  app = await openAssistantApp({ integrated: true });
  ({ llm, page } = app);
});

afterAll(() => app?.close());

const focusedTestId = () =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

describe('a proposed step from the keyboard', () => {
  it('takes the focus on Run: Enter runs it', async () => {
    const command = 'echo keyboard-run-$((40+2))';
    llm.enqueue(runCommand(command, 'To try the keyboard.'), { kind: 'text', text: 'Ran it from the keyboard.' });
    await ask(page, 'Run something.');
    const proposed = agentStep(page, command).and(page.locator('[data-state="proposed"]'));
    await proposed.waitFor();
    await expect.poll(focusedTestId).toBe('agent-run');
    await page.keyboard.press('Enter');
    await answered(page, 'Ran it from the keyboard.');
    expect(await agentStep(page, command).getAttribute('data-state')).toBe('done');
  });

  it('Esc skips it, and the answer goes on', async () => {
    const command = 'echo keyboard-skip';
    llm.enqueue(runCommand(command, 'To try Esc.'), { kind: 'text', text: 'You skipped it.' });
    await ask(page, 'Propose something to skip.');
    await agentStep(page, command).and(page.locator('[data-state="proposed"]')).waitFor();
    await expect.poll(focusedTestId).toBe('agent-run');
    await page.keyboard.press('Escape');
    await answered(page, 'You skipped it.');
    expect(await agentStep(page, command).getAttribute('data-state')).toBe('skipped');
  });
});
