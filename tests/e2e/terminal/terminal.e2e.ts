// SPDX-License-Identifier: MIT
import { request } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from '../../../shared/ipc/wire';
import { openApp, terminalText, typeInTerminal, waitForTerminalText, type AppServer, type OpenApp } from '../support/app';

let app: OpenApp;
let server: AppServer;
let page: Page;

beforeAll(async () => {
  app = await openApp({ server: { env: { PS1: 'ct$ ' } }, integrated: false });
  ({ server, page } = app);
});

afterAll(async () => {
  expect(await app?.close()).toBe(0);
});

/** bash -l reads /etc/profile, which may set its own PS1: accept any usual prompt ending. */
const prompt = /[$#%>]\s*$/m;

describe('browser mode, real UI', () => {
  it('runs a command typed into the terminal', async () => {
    await waitForTerminalText(page, prompt);
    await typeInTerminal(page, 'echo hello-$((40+2))\n');
    await waitForTerminalText(page, /^hello-42\s*$/m);
  });

  it('opens a second tab, runs a command there, and switches back', async () => {
    await page.getByTestId('tab-new').click();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(2);
    await expect.poll(() => page.getByTestId('tab').nth(1).getAttribute('aria-selected')).toBe('true');
    await waitForTerminalText(page, prompt);
    await typeInTerminal(page, 'echo second-$((1+1))\n');
    await waitForTerminalText(page, /^second-2\s*$/m);
    await page.getByTestId('tab').nth(0).click();
    await waitForTerminalText(page, /^hello-42\s*$/m);
    expect(await terminalText(page)).not.toContain('second-2');
  });

  it('keeps terminals alive across a reload and replays their output', async () => {
    await page.reload();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(2);
    await waitForTerminalText(page, /^hello-42\s*$/m);
  });

  it('closes a tab, asking first when a program is running', async () => {
    await page.getByTestId('tab').nth(1).click();
    await waitForTerminalText(page, /^second-2\s*$/m);
    await typeInTerminal(page, 'sleep 300\n');
    await page.getByTestId('tab').nth(1).getByTestId('tab-close').click();
    await page.getByTestId('confirm-close').click();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(1);
    await expect.poll(() => page.getByTestId('tab').nth(0).getAttribute('aria-selected')).toBe('true');
  });

  it('refuses requests without the token', async () => {
    const bare = await fetch(server.origin + '/');
    expect(bare.status).toBe(401);
    const wrong = await fetch(server.origin + '/?token=not-the-token-at-all');
    expect(wrong.status).toBe(401);
    // fetch() may not set Host; a DNS-rebinding page would arrive with its own name in it.
    const rebound = await new Promise<number>((resolve, reject) => {
      const target = new URL(server.origin);
      request({ host: '127.0.0.1', port: target.port, path: `/?token=${server.token}`, headers: { host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(rebound).toBe(403);
  });

  it('refuses WebSockets from a foreign origin or without the token', async () => {
    const wsUrl = `${server.origin.replace('http', 'ws')}/ws`;
    const attempt = (protocols: string[], origin: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(wsUrl, protocols, { origin });
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.on('error', () => resolve(-1));
      });
    const good = [WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX + server.token];
    expect(await attempt(good, 'http://evil.example')).toBe(403);
    expect(await attempt([WS_PROTOCOL, `${WS_TOKEN_PROTOCOL_PREFIX}wrong-token-wrong-token`], server.origin)).toBe(401);
    expect(await attempt([WS_PROTOCOL], server.origin)).toBe(401);
    expect(await attempt(good, server.origin)).toBe(101);
  });
});
