// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeInTerminal } from '../support/app';
import { ask, type AssistantApp, openAssistantApp, setModelLimits, usage, waitForAnswer } from '../support/assistant-page';

/**
 * Issue 21 item 7: the meter said 521 tokens while the inspector counted 1,221 for the same next
 * request (the meter left the terminal sections out), and after Summarize the "Summary now at the
 * start of the context" box showed the newest turn instead of the summary.
 */
let app: AssistantApp;
let page: Page;

beforeAll(async () => {
  app = await openAssistantApp({ integrated: true });
  page = app.page;
});

afterAll(() => app?.close());

const inspector = () => page.getByTestId('context-inspector');

describe('the meter and the inspector', () => {
  it('show the same total for the next request, terminal sections included', async () => {
    await setModelLimits(page, { limit: '16000', autoCompact: false });
    await typeInTerminal(page, 'seq 1 40\r');
    await expect
      .poll(() => page.locator('[data-testid="command-item"][data-exit-code="0"]').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.getByTestId('inspect-context').click();
    const total = page.getByTestId('inspector-total');
    await total.waitFor();
    // Opening the inspector builds one fresh preview: the meter and the inspector both show it.
    const recent = inspector().locator('[data-testid="inspector-section"][data-section-id="recent-commands"]');
    await expect.poll(() => recent.innerText(), { timeout: 10_000 }).toContain('seq 1 40');
    const inspected = Number(await total.getAttribute('data-tokens'));
    const metered = (await usage(page)).tokens;
    expect(inspected).toBeGreaterThan(0);
    expect(metered).toBe(inspected);
    expect(await total.innerText()).toContain(`${inspected.toLocaleString('en-US')} tokens`);
    await page.screenshot({ path: 'test-results/context-numbers-inspector.png' });
    await page.keyboard.press('Escape');
    await inspector().waitFor({ state: 'detached' });
  });
});

describe('after Summarize', () => {
  const SUMMARY = 'KNOWN-SUMMARY: the user asked about deploy scripts and the answer suggested a dry run.';
  const longAnswer = (n: number) => `Answer ${n}: ${Array.from({ length: 200 }, (_, i) => `word${n}x${i}`).join(' ')}`;

  it('shows the summary the model wrote, not the newest turn', async () => {
    await setModelLimits(page, { limit: '2000', compaction: 'summarize', autoCompact: false });
    for (const n of [1, 2, 3, 4]) {
      app.llm.enqueue({ kind: 'text', text: longAnswer(n) });
      await ask(page, `Long question ${n}`);
      await waitForAnswer(page, `word${n}x199`);
    }
    // The summary may be written in a few rolling chunks; each returns the same text.
    for (let i = 0; i < 8; i++) app.llm.enqueue({ kind: 'text', text: SUMMARY });
    await expect.poll(() => page.getByTestId('compact-button').isEnabled()).toBe(true);
    await page.getByTestId('compact-button').click();
    const result = page.getByTestId('compaction-result');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.getAttribute('data-mode')).toBe('summarize');
    const box = result.locator('.compaction-summary pre');
    await box.waitFor();
    const shown = await box.innerText();
    await page.screenshot({ path: 'test-results/context-numbers-summary.png' });
    expect(shown).toContain(SUMMARY);
    expect(shown).not.toContain('word4x');
  });
});

describe('a shell ended with `exit`', () => {
  it('is told to the assistant as having ended the shell, not as a failure', async () => {
    const tabs = page.getByTestId('tab');
    await page.getByTestId('tab-new').click();
    await expect.poll(() => tabs.count()).toBe(2);
    await page.locator('[data-testid="segmentation-mode"][data-mode="integrated"]').waitFor({ timeout: 20_000 });
    await typeInTerminal(page, 'exit\r');
    // The session ends with its shell (the pane then shows that it exited).
    await page.getByTestId('inspect-context').click();
    const recent = inspector().locator('[data-testid="inspector-section"][data-section-id="short-track"]');
    await expect.poll(() => recent.innerText(), { timeout: 10_000 }).toContain('$ exit: ended the shell');
    expect(await recent.innerText()).not.toContain('exit unknown');
    await page.keyboard.press('Escape');
  });
});
