// SPDX-License-Identifier: MIT
import { afterAll, expect, it } from 'vitest';
import { launchBrowser, startServer, type AppServer } from '../support/app';

let server: AppServer | undefined;
afterAll(async () => {
  await server?.stop();
});

it('serves a PNG favicon (and its SVG source) that the page links, and the page loads without a failed request', async () => {
  server = await startServer();
  const response = await fetch(`${server.origin}/favicon.png`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^image\/png/);
  // The PNG signature, and the 64×64 the page's link says (IHDR's width and height).
  const png = Buffer.from(await response.arrayBuffer());
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([64, 64]);
  expect((await fetch(`${server.origin}/favicon.svg`)).headers.get('content-type')).toMatch(/^image\/svg\+xml/);

  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const failures: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failures.push(`${r.status()} ${new URL(r.url()).pathname}`));
    page.on('requestfailed', (r) => failures.push(`${r.failure()?.errorText} ${new URL(r.url()).pathname}`));
    // Chromium asks for the icon once the document has loaded: the linked one, or /favicon.ico without a link.
    const icon = page.waitForResponse((r) => /\/favicon\.(png|ico)$/.test(new URL(r.url()).pathname), { timeout: 15_000 });
    await page.goto(server.url);
    await page.locator('[data-testid="terminal"] .xterm').waitFor({ timeout: 30_000 });
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/favicon\.png$/);
    expect((await icon).status()).toBe(200);
    expect(failures).toEqual([]);
  } finally {
    await browser.close();
  }
});
