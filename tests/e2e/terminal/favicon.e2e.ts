// SPDX-License-Identifier: MIT
import { afterAll, expect, it } from 'vitest';
import { launchBrowser, startServer, type AppServer } from '../support/app';

let server: AppServer | undefined;
afterAll(async () => {
  await server?.stop();
});

it('serves an SVG favicon that the page links, and the page loads without a failed request', async () => {
  server = await startServer();
  const response = await fetch(`${server.origin}/favicon.svg`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expect(await response.text()).toMatch(/<svg[\s>]/);

  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const failures: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failures.push(`${r.status()} ${new URL(r.url()).pathname}`));
    page.on('requestfailed', (r) => failures.push(`${r.failure()?.errorText} ${new URL(r.url()).pathname}`));
    // Chromium asks for the icon once the document has loaded: the linked one, or /favicon.ico without a link.
    const icon = page.waitForResponse((r) => /\/favicon\.(svg|ico)$/.test(new URL(r.url()).pathname), { timeout: 15_000 });
    await page.goto(server.url);
    await page.locator('[data-testid="terminal"] .xterm').waitFor({ timeout: 30_000 });
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/favicon\.svg$/);
    expect((await icon).status()).toBe(200);
    expect(failures).toEqual([]);
  } finally {
    await browser.close();
  }
});
