// SPDX-License-Identifier: MIT
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, startServer, type AppServer } from '../support/app';

/**
 * An open page after the host restarted: a new launch has a new port or a new token, so the page
 * can never reconnect. It used to say "reconnecting…" forever; it must say where to go instead.
 */
let browser: Browser;
const servers: AppServer[] = [];

const start = async (port?: number): Promise<AppServer> => {
  const server = await startServer(port === undefined ? {} : { port });
  servers.push(server);
  return server;
};

const banner = (page: Page) => page.getByTestId('connection-banner');

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  for (const server of servers) await server.stop();
});

describe('a page whose host restarted', () => {
  it('says the host moved when it comes back on another port', async () => {
    const first = await start();
    const page = await openPage(browser, first.url);
    await first.stop();
    await banner(page).and(page.locator('[data-state="closed"]')).waitFor({ timeout: 10_000 });
    const second = await start();
    expect(second.origin).not.toBe(first.origin);
    await banner(page).and(page.locator('[data-state="gone"]')).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: '/tmp/ct-restart-gone.png' });
    const text = await banner(page).innerText();
    expect(text).toContain('Contexterm was restarted with a new address');
    expect(text).toContain('Open the address it printed');
    expect(text).not.toContain('reconnecting');
    await page.close();
  });

  it('says so as soon as the same port answers 401 to the old token', async () => {
    const first = await start();
    const page = await openPage(browser, first.url);
    const port = Number(new URL(first.url).port);
    await first.stop();
    await banner(page).waitFor({ timeout: 10_000 });
    const second = await start(port);
    expect(second.token).not.toBe(first.token);
    await banner(page).and(page.locator('[data-state="refused"]')).waitFor({ timeout: 15_000 });
    expect(await banner(page).innerText()).toContain('Open the address it printed');
    await page.close();
  });
});
