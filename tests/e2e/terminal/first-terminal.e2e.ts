// SPDX-License-Identifier: MIT
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type AppServer } from '../support/app';

/**
 * The window's first terminal is drawn before the app's code runs (renderer/lazy/first-terminal.ts),
 * in a stand-in of the window's layout; the app then takes that same terminal over. Held here: the
 * app's chunk is kept back until the test lets it go, so "before the app" is a fact of the run and
 * not a race.
 */
let server: AppServer;
let browser: Browser;
let page: Page | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterEach(async () => {
  await page?.close();
  page = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens the page with the app's chunk held; returns the release. */
const openHeld = async (): Promise<() => void> => {
  page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-root-[^/]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  await page.goto(server.url);
  return release;
};

const rect = (selector: string) => (page as Page).locator(selector).evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);

describe('the first terminal, before the app', () => {
  it('shows the prompt before the app is loaded, and the app takes the same terminal over in the same place', async () => {
    const release = await openHeld();
    const staged = page!.locator('.first-terminal [data-testid="terminal"] .xterm-rows');
    await expect.poll(async () => (await staged.textContent())?.trim() ?? '', { timeout: 15_000 }).not.toBe('');
    expect(await page!.locator('[data-testid="tab"]').count(), 'the app is not drawn yet').toBe(0);
    const before = await rect('[data-testid="terminal"]');
    await page!.screenshot({ path: '/tmp/ct-first-terminal-staged.png' });
    await page!.locator('.first-terminal .xterm').evaluate((element) => ((element as unknown as { __staged: boolean }).__staged = true));

    release();
    await page!.locator('[data-testid="tab"]').first().waitFor();
    expect(await page!.locator('.first-terminal').count(), 'the stand-in is gone').toBe(0);
    expect(await page!.locator('[data-testid="terminal"]').count()).toBe(1);
    // The very element xterm.js drew into the stand-in, not a second terminal drawn again.
    expect(await page!.locator('[data-testid="terminal"] .xterm').evaluate((element) => (element as unknown as { __staged?: boolean }).__staged)).toBe(true);
    expect(await rect('[data-testid="terminal"]'), 'the terminal kept its box').toEqual(before);
    await page!.screenshot({ path: '/tmp/ct-first-terminal.png' });
  });

  it('runs a shortcut pressed before the app was loaded once it is', async () => {
    const release = await openHeld();
    await page!.locator('.first-terminal [data-testid="terminal"] .xterm').waitFor();
    await page!.keyboard.press('Control+Shift+P');
    release();
    await page!.getByTestId('command-palette').waitFor({ timeout: 15_000 });
  });
});
