// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, type AssistantApp, openAssistantApp, setModelLimits, usage, waitForAnswer } from '../support/assistant-page';

/**
 * The meter, the warning and the inspector tell one story on a 2K model: asked until the request
 * starts leaving history out, the meter reads over its budget, the warning names what is left out,
 * and the inspector shows the same history trimmed.
 */
let app: AssistantApp;
let page: Page;

beforeAll(async () => {
  app = await openAssistantApp();
  page = app.page;
});

afterAll(() => app?.close());

const answer = (n: number) => `Answer ${n}: ${Array.from({ length: 120 }, (_, i) => `w${n}x${i}`).join(' ')}`;

/** The history section's trimmed count in the inspector (opened and closed around the read). */
const inspectorHistoryTrimmed = async (): Promise<number> => {
  await page.getByTestId('inspect-context').click();
  const history = page.locator('[data-testid="inspector-section"][data-section-id="history"]');
  await history.waitFor();
  const trimmed = Number(await history.getAttribute('data-trimmed-items'));
  await page.keyboard.press('Escape');
  await page.getByTestId('context-inspector').waitFor({ state: 'detached' });
  return trimmed;
};

describe('a 2K model until trimming starts', () => {
  it('has the meter, the warning and the inspector agree', async () => {
    await setModelLimits(page, { limit: '2000', warning: '0.8', compaction: 'truncate-oldest', autoCompact: false });
    await expect.poll(async () => (await usage(page)).limit).toBe('2000');
    let trimmed = 0;
    for (let n = 1; n <= 8 && trimmed === 0; n++) {
      app.llm.enqueue({ kind: 'text', text: answer(n) });
      await ask(page, `Question ${n}`);
      await waitForAnswer(page, `w${n}x119`);
      const shown = await page
        .locator('[data-testid="assistant-message"]:not([data-compacted]):not([data-streaming]):not([data-error])')
        .count();
      await expect.poll(() => page.getByTestId('context-usage').getAttribute('data-messages'), { timeout: 10_000 }).toBe(String(shown));
      trimmed = await inspectorHistoryTrimmed();
    }
    expect(trimmed).toBeGreaterThan(0);
    const reading = await usage(page);
    // Over the budget (not the raw window), and the budget is below 80 % of the window.
    expect(Number(reading.budget)).toBeLessThan(2000 * 0.8);
    expect(Number(reading.percent)).toBeGreaterThanOrEqual(100);
    const warning = page.getByTestId('context-warning');
    await warning.waitFor();
    expect(await warning.getAttribute('data-left-out')).toContain('older messages');
    expect(await warning.innerText()).toMatch(/leaves out older messages/);
  });
});
