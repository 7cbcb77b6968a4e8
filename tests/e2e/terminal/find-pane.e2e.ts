// SPDX-License-Identifier: MIT
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

let app: OpenApp;
let page: Page;

const focusedPane = () => page.locator('[data-testid="pane"][aria-selected="true"]');
const count = () => page.getByTestId('find-count').innerText();

/** Whether `inner`'s box lies inside `outer`'s. */
const inside = async (inner: Locator, outer: Locator): Promise<boolean> => {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  return a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
};

/** Opens find in the focused pane and checks the bar is drawn inside that pane. */
const openFind = async (): Promise<Locator> => {
  const pane = page.locator(`[data-testid="pane"][data-session-id="${await focusedPane().getAttribute('data-session-id')}"]`);
  await page.keyboard.press('Control+Shift+F');
  await pane.getByTestId('find-input').waitFor();
  expect(await inside(page.locator('.search-bar'), pane)).toBe(true);
  return pane;
};

beforeAll(async () => {
  app = await openApp();
  page = app.page;
});

afterAll(() => app?.close());

describe('find with split panes', () => {
  it('draws the bar inside the pane it searches, and finds only that pane’s text', async () => {
    await typeInTerminal(page, 'echo left-only-$((1+1))\r');
    await waitForTerminalText(page, /^left-only-2\s*$/m);
    const left = await focusedPane().getAttribute('data-session-id');
    await page.getByTestId('pane-split-right').click();
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid="pane"][aria-selected="true"]')?.getAttribute('data-session-id') !== id,
      left,
    );
    await typeInTerminal(page, 'echo right-only-$((40+2))\r');
    await waitForTerminalText(page, /^right-only-42\s*$/m);

    // The right pane (focused): its bar, its matches.
    const right = await openFind();
    await page.getByTestId('find-input').fill('right-only-42');
    await expect.poll(count).toBe('1 of 1');
    await page.getByTestId('find-input').fill('left-only');
    await expect.poll(count).toBe('No results');
    await page.screenshot({ path: 'test-results/find-right-pane.png' });
    await page.getByTestId('find-input').press('Escape');
    await right.getByTestId('find-input').waitFor({ state: 'detached' });

    // The left pane: the bar moves with the search, and never covers the right pane's output.
    await page.locator(`[data-testid="pane"][data-session-id="${left}"] .xterm`).click();
    await expect.poll(() => focusedPane().getAttribute('data-session-id')).toBe(left);
    const leftPane = await openFind();
    await page.getByTestId('find-input').fill('left-only-2');
    await expect.poll(count).toBe('1 of 1');
    await page.getByTestId('find-input').fill('right-only');
    await expect.poll(count).toBe('No results');
    await page.screenshot({ path: 'test-results/find-left-pane.png' });
    expect(await right.locator('.search-bar').count()).toBe(0);
    await page.getByTestId('find-input').press('Escape');
    await leftPane.getByTestId('find-input').waitFor({ state: 'detached' });
  });
});
