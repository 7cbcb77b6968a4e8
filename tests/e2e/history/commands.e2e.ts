// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';
import { heldSleep } from '../support/held-sleep';

let app: OpenApp;
let page: Page;

const items = () => page.getByTestId('command-item');

beforeAll(async () => {
  app = await openApp();
  page = app.page;
});

afterAll(() => app?.close());

describe('recorded commands in the UI', () => {
  it('lists each command with its exit status, newest last', async () => {
    await typeInTerminal(page, 'echo first-$((1+1))\n');
    await waitForTerminalText(page, /^first-2\s*$/m);
    await typeInTerminal(page, 'ls /definitely/not/here\n');
    await expect.poll(() => items().count()).toBe(2);
    await expect.poll(() => items().nth(1).getAttribute('data-exit-code')).not.toBe('');
    expect(await items().nth(0).getAttribute('data-exit-code')).toBe('0');
    expect(Number(await items().nth(1).getAttribute('data-exit-code'))).toBeGreaterThan(0);
    expect(await items().nth(0).innerText()).toContain('echo first-$((1+1))');
    const id = await items().nth(0).getAttribute('data-command-id');
    expect(id).toMatch(/^[\w-]+:1$/);
  });

  it('shows a running command with an empty exit code, then its result', async () => {
    // Runs until the test saw it running: a `sleep 1` could be over before a loaded machine lists it.
    const held = heldSleep();
    await typeInTerminal(page, `${held.command}; echo slept\n`);
    await expect.poll(() => items().count()).toBe(3);
    expect(await items().nth(2).getAttribute('data-exit-code')).toBe('');
    await held.end();
    await expect.poll(() => items().nth(2).getAttribute('data-exit-code'), { timeout: 10_000 }).toBe('0');
  });

  it('selects a command on click and marks failures in the terminal gutter', async () => {
    await items().nth(1).click();
    expect(await items().nth(1).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.locator('.command-gutter.failed').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.command-gutter.ok').count()).toBeGreaterThan(0);
  });

  it('finds commands of ended sessions through history search', async () => {
    await page.getByTestId('tab-new').click();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(2);
    await expect.poll(() => page.getByTestId('segmentation-mode').getAttribute('data-mode'), { timeout: 20_000 }).toBe('integrated');
    await typeInTerminal(page, 'echo needle-$((6*7)) && exit\n');
    // exit closes its pane, and with its only pane the tab (Settings → Terminal → "When the shell exits").
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="tab"]').length === 1);
    await page.getByTestId('command-search').fill('needle');
    await expect.poll(() => items().count(), { timeout: 10_000 }).toBe(1);
    expect(await items().nth(0).innerText()).toContain('echo needle-$((6*7))');
  });
});
