// SPDX-License-Identifier: MIT
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryReport } from '../../../shared/ipc/app';
import { HostClient } from '../../integration/support/host-ws-client';
import { launchBrowser, startServer, terminalText, typeInTerminal, waitForTerminalText, type AppServer } from '../support/app';

/**
 * Reloads and several windows on one terminal. A reload used to replay the raw output, vim's
 * terminal queries included, and the new xterm's answers were typed into the shell
 * (`2RR0;276;0c12;2$y` at the prompt); a second window took all output from the first.
 */
let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;

/** bash -l reads /etc/profile, which may set its own PS1: accept any usual prompt ending. */
const PROMPT = /[$#%>]\s*$/;

const lastCommandLine = () => page.getByTestId('command-item').last().locator('.command-line').innerText();

beforeAll(async () => {
  server = await startServer();
  dir = server.dataDir;
  writeFileSync(join(dir, 'notes.txt'), 'first line of notes\nsecond line of notes\n');
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1200, height: 700 } });
  page = await context.newPage();
  await page.goto(server.url);
  await page.locator('[data-testid="segmentation-mode"][data-mode="integrated"]').waitFor({ timeout: 20_000 });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('reload', () => {
  it('types nothing into the shell after vim ran (its queries are not replayed)', async () => {
    await typeInTerminal(page, `vim -N -i NONE ${join(dir, 'notes.txt')}\n`);
    await waitForTerminalText(page, /second line of notes/);
    await page.keyboard.type(':q\n');
    await waitForTerminalText(page, PROMPT);
    for (let reload = 0; reload < 2; reload++) {
      await page.reload();
      await page.locator('[data-testid="terminal"] .xterm').waitFor();
      await waitForTerminalText(page, PROMPT);
    }
    await typeInTerminal(page, 'echo clean-$((1+1))\n');
    await waitForTerminalText(page, /^clean-2\s*$/m);
    await expect.poll(lastCommandLine).toBe('echo clean-$((1+1))');
  });

  it('shows a full-screen program open at reload intact, and it still takes keys', async () => {
    await typeInTerminal(page, `vim -N -i NONE ${join(dir, 'notes.txt')}\n`);
    await waitForTerminalText(page, /second line of notes/);
    await page.reload();
    await page.locator('[data-testid="terminal"] .xterm').waitFor();
    await waitForTerminalText(page, /first line of notes\s+second line of notes\s+~/);
    expect((await terminalText(page)).split('\n')[0]).toBe('first line of notes');
    await typeInTerminal(page, ':q\n');
    await waitForTerminalText(page, PROMPT);
    await typeInTerminal(page, 'echo after-vim-$((1+1))\n');
    await waitForTerminalText(page, /^after-vim-2\s*$/m);
    await expect.poll(lastCommandLine).toBe('echo after-vim-$((1+1))');
  });
});

describe('reload after a quiet spell', () => {
  it('shows a flooded screen as it was once its screen copy stopped, colours included', async () => {
    // ~700 KB of output: too much to replay, so the screen copy keeps it as its snapshot when it stops.
    await typeInTerminal(page, 'clear; seq -f "line %06g" 1 60000; printf "\\033[32mgreen-done\\033[0m\\n"\n');
    await waitForTerminalText(page, /^green-done\s*$/m, 30_000);
    await waitForTerminalText(page, PROMPT);
    const before = await terminalText(page);
    const { origin, searchParams } = new URL(server.url);
    const client = await HostClient.connect(origin, searchParams.get('token')!);
    try {
      const threads = async () => (await client.invoke<MemoryReport>('app:memory', {})).threads.map((t) => t.thread);
      await expect.poll(threads, { timeout: 90_000, interval: 1_000 }).not.toContain('screen mirror');
    } finally {
      client.close();
    }
    await page.reload();
    await page.locator('[data-testid="terminal"] .xterm').waitFor();
    await waitForTerminalText(page, /^green-done\s*$/m);
    expect(await terminalText(page)).toBe(before);
    await page.locator('[data-testid="terminal"] .xterm-rows span.xterm-fg-2', { hasText: 'green-done' }).waitFor();
    await typeInTerminal(page, 'echo quiet-$((2+3))\n');
    await waitForTerminalText(page, /^quiet-5\s*$/m);
  }, 150_000);
});

describe('two windows on one terminal', () => {
  it('shows live output in both, and the first keeps it after the second closes', async () => {
    const second = await context.newPage();
    await second.goto(server.url);
    await second.locator('[data-testid="terminal"] .xterm').waitFor();
    await typeInTerminal(page, 'echo both-$((20+22))\n');
    await waitForTerminalText(page, /^both-42\s*$/m);
    await waitForTerminalText(second, /^both-42\s*$/m);
    await typeInTerminal(second, 'echo from-second-$((1+1))\n');
    await waitForTerminalText(page, /^from-second-2\s*$/m);
    // A tab opened in one window shows up in the other; closed in one, it goes in both.
    await second.getByTestId('tab-new').click();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(2);
    await expect.poll(() => page.getByTestId('tab').nth(0).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('tab').nth(1).getByTestId('tab-close').click();
    await expect.poll(() => second.getByTestId('tab').count()).toBe(1);
    await second.close();
    await typeInTerminal(page, 'echo alone-$((1+1))\n');
    await waitForTerminalText(page, /^alone-2\s*$/m);
    await expect.poll(lastCommandLine).toBe('echo alone-$((1+1))');
  });
});
