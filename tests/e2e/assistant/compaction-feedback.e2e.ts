// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, type AssistantApp, openAssistantApp, setModelLimits, usage, waitForAnswer } from '../support/assistant-page';

let app: AssistantApp;
let page: Page;

beforeAll(async () => {
  app = await openAssistantApp();
  page = app.page;
});

afterAll(() => app?.close());

const longAnswer = (n: number) => `Answer ${n}: ${Array.from({ length: 300 }, (_, i) => `word${n}x${i}`).join(' ')}`;
const result = () => page.getByTestId('compaction-result');

/** The meter once it counts every message shown (it refreshes shortly after each answer). */
const settledUsage = async () => {
  const shown = await page
    .locator('[data-testid="assistant-message"]:not([data-compacted]):not([data-streaming]):not([data-error])')
    .count();
  await expect.poll(() => page.getByTestId('context-usage').getAttribute('data-messages'), { timeout: 10_000 }).toBe(String(shown));
  return usage(page);
};

/** Compacts and waits for this compaction's own result line (an earlier one is dismissed first). */
const compactNow = async () => {
  if ((await result().count()) > 0) {
    await result().getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => result().count()).toBe(0);
  }
  await expect.poll(() => page.getByTestId('compact-button').isEnabled()).toBe(true);
  await page.getByTestId('compact-button').click();
  await expect.poll(() => page.getByTestId('compact-button').innerText(), { timeout: 15_000 }).toBe('Compact');
  await result().waitFor();
};

describe('compaction does something or says why', () => {
  it('says "Nothing to compact yet" when only the kept turns exist, and leaves usage as it was', async () => {
    await setModelLimits(page, { limit: '8000', compaction: 'summarize' });
    app.llm.enqueue({ kind: 'text', text: 'A short answer.' });
    await ask(page, 'A short question');
    await waitForAnswer(page, 'A short answer.');
    const before = await settledUsage();
    const requests = app.llm.requests.length;

    await compactNow();
    expect(await result().getAttribute('data-mode')).toBe('none');
    expect(await result().innerText()).toMatch(/^Nothing to compact yet: .+/);
    expect(await page.getByTestId('undo-compaction').count()).toBe(0);
    expect(await page.getByTestId('compaction-usage').count()).toBe(0);
    expect((await usage(page)).tokens).toBe(before.tokens);
    expect(app.llm.requests.length).toBe(requests);
  });

  it('says why Truncate oldest has nothing to drop when the conversation fits', async () => {
    await setModelLimits(page, { limit: '8000', compaction: 'truncate-oldest' });
    const before = await settledUsage();
    await compactNow();
    expect(await result().getAttribute('data-mode')).toBe('none');
    expect(await result().innerText()).toMatch(/^Nothing to compact yet: the 2 messages \([\d,]+ tokens\) already fit/);
    expect((await usage(page)).tokens).toBe(before.tokens);
  });

  it('shows usage before → after, as the meter measured it, when it compacts', async () => {
    // A manual compaction is measured here: automatic compaction (on under 16K) is turned off.
    await setModelLimits(page, { limit: '2000', compaction: 'truncate-oldest', autoCompact: false });
    for (const n of [1, 2, 3]) {
      app.llm.enqueue({ kind: 'text', text: longAnswer(n) });
      await ask(page, `Long question ${n}`);
      await waitForAnswer(page, `word${n}x299`);
    }
    const before = await settledUsage();
    await compactNow();
    expect(await result().getAttribute('data-mode')).toBe('truncate-oldest');
    const line = page.getByTestId('compaction-usage');
    await line.waitFor();
    const measuredBefore = Number(await line.getAttribute('data-before'));
    const measuredAfter = Number(await line.getAttribute('data-after'));
    expect(measuredBefore).toBe(before.tokens);
    expect(measuredAfter).toBeLessThan(measuredBefore);
    expect(measuredAfter).toBe((await usage(page)).tokens);
    const fmt = (n: number) => n.toLocaleString('en-US');
    expect(await line.innerText()).toContain(`Usage ${fmt(measuredBefore)} tokens`);
    expect(await line.innerText()).toContain(`→ ${fmt(measuredAfter)} tokens`);
    expect(await result().innerText()).not.toContain('Nothing to compact yet');

    // Undo brings the messages back and the before → after line goes with the compaction.
    await page.getByTestId('undo-compaction').click();
    await expect.poll(async () => (await usage(page)).tokens, { timeout: 10_000 }).toBeGreaterThan(measuredAfter);
    expect(await page.getByTestId('compaction-usage').count()).toBe(0);
  });
});
