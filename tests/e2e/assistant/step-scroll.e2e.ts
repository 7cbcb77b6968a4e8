// SPDX-License-Identifier: MIT
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedLlmServer } from '../../fixtures/scripted-llm-server';
import { agentStep, answered, runCommand } from '../support/agent-page';
import { ask, openAssistantApp, type AssistantApp } from '../support/assistant-page';
import { heldSleep } from '../support/held-sleep';

/**
 * Issue 41 item 8: the conversation did not scroll far enough to show a running step's status.
 * Seen as a user sees it: a conversation long enough to scroll, a step Run from the keyboard, and
 * the window made shorter while it runs. The list kept its scrollTop, so the status line ("Running…")
 * ended below the visible area (66 px in a 141 px list before the fix). A step that grows with no
 * new message (its editor wrapping a long line) left its buttons below the fold too. Someone who
 * scrolled up to read is left where they are.
 */
let app: AssistantApp;
let llm: ScriptedLlmServer;
let page: Page;

beforeAll(async () => {
  app = await openAssistantApp({ integrated: true });
  ({ llm, page } = app);
});

afterAll(() => app?.close());

/** How far (px) the element sticks out of the conversation's visible area: 0 when wholly in view. */
const outOfView = (element: Locator) =>
  element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const view = el.closest('.message-list')!.getBoundingClientRect();
    return Math.round(Math.max(0, box.bottom - view.bottom, view.top - box.top));
  });

/** Pixels of the conversation left below its visible area (0: at the end). */
const leftBelow = () => page.locator('.message-list').evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

const listTop = () => page.locator('.message-list').evaluate((el) => el.scrollTop);

const longText = (n: number) =>
  Array.from({ length: 14 }, (_, i) => `Line ${i + 1} of answer ${n}: some words to fill the conversation.`).join('\n\n');

/** A conversation long enough to scroll, in a window short enough for it to. */
const fillConversation = async (label: string) => {
  await page.setViewportSize({ width: 1100, height: 700 });
  for (let n = 1; n <= 2; n += 1) {
    llm.enqueue({ kind: 'text', text: longText(n) });
    await ask(page, `${label}: question ${n}`);
    await answered(page, `Line 14 of answer ${n}`);
  }
};

/** A step that runs until the test ends it, Run with Enter (it has the focus). */
const startRunningStep = async (label: string) => {
  await fillConversation(label);
  const sleep = heldSleep();
  const command = `${sleep.command}; echo slept-${label}`;
  const done = `It slept (${label}).`;
  llm.enqueue(runCommand(command, 'To wait a while.'), { kind: 'text', text: done });
  await ask(page, `${label}: sleep, please.`);
  const step = agentStep(page, command);
  await step.and(page.locator('[data-state="proposed"]')).waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('agent-run');
  await page.keyboard.press('Enter');
  const status = step.locator('.agent-step-state');
  await expect.poll(() => status.innerText()).toBe('Running…');
  await step.getByTestId('agent-step-record').waitFor();
  return { status, sleep, done };
};

describe('a running step in a conversation that scrolls', () => {
  it('keeps its status line in view when the window gets shorter while it runs', async () => {
    const { status, sleep, done } = await startRunningStep('shorter');
    await expect.poll(() => outOfView(status)).toBe(0);
    await page.setViewportSize({ width: 1100, height: 560 });
    await page.screenshot({ path: '/tmp/step-scroll-shorter.png' });
    await expect.poll(() => outOfView(status)).toBe(0);
    await sleep.end();
    await answered(page, done);
    await expect.poll(() => outOfView(page.getByText(done))).toBe(0);
  });

  it('follows a step that grows with no new message (its editor growing with a long line)', async () => {
    await fillConversation('editor');
    const command = 'echo short';
    llm.enqueue(runCommand(command, 'To edit it.'), { kind: 'text', text: 'Ran the edited line.' });
    await ask(page, 'Propose something to edit.');
    const step = agentStep(page, command);
    await step.and(page.locator('[data-state="proposed"]')).waitFor();
    await step.getByTestId('agent-edit').click();
    const editor = step.getByTestId('agent-edit-input');
    await editor.waitFor();
    await expect.poll(leftBelow).toBeLessThanOrEqual(1);
    await editor.pressSequentially(' and a much longer line that wraps over several rows of this narrow editor');
    await page.screenshot({ path: '/tmp/step-scroll-editor.png' });
    await expect.poll(() => outOfView(step.getByTestId('agent-skip'))).toBe(0);
    await editor.press('Enter');
    await answered(page, 'Ran the edited line.');
  });

  it('leaves someone who scrolled up where they are, through a shorter window and the answer', async () => {
    const { status, sleep, done } = await startRunningStep('reading');
    await page.locator('.message-list').evaluate((el) => el.scrollTo({ top: 0 }));
    await expect.poll(listTop).toBe(0);
    await page.setViewportSize({ width: 1100, height: 560 });
    await sleep.end();
    await answered(page, done);
    await expect.poll(() => status.innerText()).toMatch(/^Done/);
    expect(await listTop()).toBe(0);
  });
});
