// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openApp, type OpenApp } from '../support/app';

let app: OpenApp;
let page: Page;

const badge = () => page.getByTestId('segmentation-mode');

/** Runs in the page: every text the badge ever shows, from the first render on, so a passing "Detecting…" is caught too. */
const recordBadgeTexts = () => {
  const w = globalThis as unknown as {
    badgeTexts: string[];
    document: { documentElement: unknown; querySelector(s: string): { textContent: string | null } | null };
    MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
  };
  w.badgeTexts = [];
  new w.MutationObserver(() => {
    const text = w.document.querySelector('[data-testid="segmentation-mode"]')?.textContent;
    if (text && w.badgeTexts.at(-1) !== text) w.badgeTexts.push(text);
  }).observe(w.document.documentElement, { subtree: true, childList: true, characterData: true });
};

beforeAll(async () => {
  app = await openApp({ beforeLoad: (p) => p.addInitScript(recordBadgeTexts) });
  page = app.page;
});

afterAll(() => app?.close());

const seen = () => page.evaluate(() => (globalThis as unknown as { badgeTexts: string[] }).badgeTexts);

it('shows the session’s real mode after a reload, never “Detecting…” for a shell long past its first prompt', async () => {
  await page.reload();
  await page.locator('[data-testid="segmentation-mode"][data-mode="integrated"]').waitFor({ timeout: 20_000 });
  expect(await seen()).not.toContain('Detecting…');
  expect(await badge().innerText()).toBe('Shell integration');
});

it('shows no mode at all when no terminal is open', async () => {
  await page.getByTestId('tab-close').first().click();
  await page.getByText('No terminals open.').waitFor();
  await expect.poll(() => badge().count()).toBe(0);
  await page.reload();
  // A reload opens a first tab again; its badge reaches the real mode without a stale one in between.
  await page.locator('[data-testid="segmentation-mode"][data-mode="integrated"]').waitFor({ timeout: 20_000 });
  expect(await page.getByText('Detecting…').count()).toBe(0);
});
