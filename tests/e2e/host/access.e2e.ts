// SPDX-License-Identifier: MIT
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, typeInTerminal, waitForTerminalText, type AppServer } from '../support/app';

/**
 * Browser mode against a hostile page on another 127.0.0.1 port (a dev server, another user's
 * page): it must receive no credential of ours, must not get a socket, and must not be able to end
 * the server. The launch URL itself stays valid for the whole launch.
 */
let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let hostile: Server;
let hostileOrigin: string;
const hostileSaw: { cookies: string[]; reports: string[] } = { cookies: [], reports: [] };

const HOSTILE_PAGE = (target: string) => `<!doctype html><script>
const report = (what) => fetch('/report?' + encodeURIComponent(what));
const tryWs = (url, protocols) => new Promise((resolve) => {
  let socket;
  try { socket = new WebSocket(url, protocols); } catch (e) { return resolve('throws'); }
  socket.onopen = () => resolve('open');
  socket.onerror = () => resolve('error');
});
(async () => {
  for (const [url, protocols] of [
    ['${target.replace('http', 'ws')}/ws', undefined],
    ['${target.replace('http', 'ws')}//[/ws', undefined],
    ['${target.replace('http', 'ws')}/ws', ['contexterm.v1', 'contexterm.token.guessguessguessguess']],
  ]) report('ws ' + url + ' ' + await tryWs(url, protocols));
  report('done');
})();
</script>`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext();
  page = await context.newPage();
  await page.goto(server.url);
  await page.locator('[data-testid="terminal"] .xterm').waitFor();
  hostile = createServer((request, response) => {
    hostileSaw.cookies.push(request.headers.cookie ?? '');
    if (request.url?.startsWith('/report?')) hostileSaw.reports.push(decodeURIComponent(request.url.slice(8)));
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(request.url === '/' ? HOSTILE_PAGE(server.origin) : '');
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  hostileOrigin = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  hostile?.close();
  expect(await server?.stop()).toBe(0);
});

describe('browser-mode access', () => {
  it('keeps no credential in a cookie', async () => {
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie)).toBe('');
  });

  it('gives a page on another local port nothing: no cookie, no socket, no crash', async () => {
    const other = await context.newPage();
    await other.goto(hostileOrigin + '/');
    await expect.poll(() => hostileSaw.reports.includes('done'), { timeout: 15_000 }).toBe(true);
    expect(hostileSaw.cookies.join(';')).not.toContain('contexterm');
    expect(hostileSaw.reports.filter((r) => r.endsWith(' open'))).toEqual([]);
    await other.close();
    expect(server.process.exitCode).toBeNull();
    await typeInTerminal(page, 'echo still-$((6*7))\n');
    await waitForTerminalText(page, /^still-42\s*$/m);
  });

  it('opens the launch URL again in a second window and after a reload', async () => {
    const second = await context.newPage();
    await second.goto(server.url);
    await second.locator('[data-testid="terminal"] .xterm').waitFor();
    await second.close();
    await page.reload();
    await page.locator('[data-testid="terminal"] .xterm').waitFor();
    await typeInTerminal(page, 'echo again-$((6*7))\n');
    await waitForTerminalText(page, /^again-42\s*$/m);
  });

  it('serves the page only to the launch URL and never leaks the token in a Referer', async () => {
    expect((await fetch(server.origin + '/')).status).toBe(401);
    for (const path of ['/index.html', '/index%2ehtml', '/assets/..%2findex.html', '/INDEX.HTML']) {
      expect([401, 404], path).toContain((await fetch(server.origin + path)).status);
    }
    const document = await fetch(server.url);
    expect(document.status).toBe(200);
    expect(document.headers.get('referrer-policy')).toBe('no-referrer');
    expect(document.headers.get('set-cookie')).toBeNull();
  });
});
