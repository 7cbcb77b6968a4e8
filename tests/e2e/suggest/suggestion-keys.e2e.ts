// SPDX-License-Identifier: MIT
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type OpenApp } from '../support/app';

/**
 * The suggestion's keys are actions of Settings → Keys, live only while a suggestion is shown
 * (issue 43 item 4): rebound, the new key accepts, Right is the shell's again, and the change
 * survives a reload.
 */

const terminal = (page: Page): Locator => page.locator('[data-testid="terminal"]:visible');
const suggestion = (page: Page): Locator => page.getByTestId('suggestion');
const items = (page: Page): Locator => page.getByTestId('command-item');
const screen = (page: Page): Promise<string> => terminal(page).locator('.xterm-rows').innerText();

const run = async (page: Page, line: string): Promise<void> => {
  const before = await items(page).count();
  await terminal(page).click();
  await page.keyboard.type(`${line}\n`);
  await expect.poll(() => items(page).count(), { timeout: 30_000 }).toBe(before + 1);
  await expect.poll(() => items(page).nth(before).getAttribute('data-exit-code'), { timeout: 30_000 }).not.toBe('');
};

describe('rebinding the suggestion keys', () => {
  let app: OpenApp;
  let page: Page;

  beforeAll(async () => {
    app = await openApp({ server: { env: { SHELL: '/bin/bash' } } });
    page = app.page;
  });
  afterAll(() => app?.close());

  it('accepts with the new key after a reload, and leaves Right to the shell', async () => {
    await terminal(page).waitFor();
    await page.getByTestId('settings-open').click();
    const row = page.locator('[data-testid="keys-row"][data-action-id="suggestion-accept"]');
    await row.scrollIntoViewIfNeeded();
    await row.locator('[data-combo="ArrowRight"]').getByTestId('keys-remove').click();
    await row.locator('[data-combo="End"]').getByTestId('keys-remove').click();
    const record = row.getByTestId('keys-record');
    // Plain typing is still refused for a suggestion key.
    await record.click();
    await record.press('a');
    expect(await row.getByTestId('keys-error').innerText()).toMatch(/typing/);
    await record.click();
    await record.press('Control+Shift+L');
    await row.locator('[data-combo="Ctrl+Shift+L"]').waitFor();
    await page.screenshot({ path: '/tmp/keys43-settings-keys.png' });
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-status').innerText()).toMatch(/Saved/);
    await page.getByTestId('settings-close').click();
    await page.getByTestId('settings-page').waitFor({ state: 'detached' });

    await page.reload();
    await terminal(page).waitFor();
    await run(page, 'echo sgkey-rebound');
    const count = await items(page).count();
    await terminal(page).click();
    await page.keyboard.type('echo sgk');
    await expect.poll(() => suggestion(page).getAttribute('data-text'), { timeout: 15_000 }).toBe('echo sgkey-rebound');

    // Right goes to bash (at the line's end it moves nothing): the next letter lands after "sgk".
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('e');
    await expect.poll(() => screen(page)).toMatch(/[$#] echo sgke\s*$/u);
    await expect.poll(() => suggestion(page).innerText()).toBe('y-rebound');

    await page.keyboard.press('Control+Shift+L');
    await expect.poll(() => screen(page)).toMatch(/[$#] echo sgkey-rebound\s*$/u);
    await suggestion(page).waitFor({ state: 'detached' });
    // Inserted, not run.
    await page.keyboard.press('Control+u');
    await run(page, 'echo sgkey-marker');
    expect(await items(page).count()).toBe(count + 1);
  });

  it('opens the completion menu on its new key only, at the prompt', async () => {
    await page.getByTestId('settings-open').click();
    const row = page.locator('[data-testid="keys-row"][data-action-id="completion-open"]');
    await row.scrollIntoViewIfNeeded();
    await row.locator('[data-combo="Ctrl+Space"]').getByTestId('keys-remove').click();
    const record = row.getByTestId('keys-record');
    await record.click();
    await record.press('Control+Shift+Space');
    await row.locator('[data-combo="Ctrl+Shift+Space"]').waitFor();
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-status').innerText()).toMatch(/Saved/);
    await page.getByTestId('settings-close').click();
    await page.getByTestId('settings-page').waitFor({ state: 'detached' });

    await terminal(page).click();
    await page.keyboard.type('git ch');
    await expect.poll(() => screen(page)).toMatch(/[$#] git ch\s*$/u);
    // Ctrl+Space is bash's again (set-mark, nothing drawn): the next letter shows and no menu opened.
    await page.keyboard.press('Control+Space');
    await page.keyboard.type('e');
    await expect.poll(() => screen(page)).toMatch(/[$#] git che\s*$/u);
    expect(await page.getByTestId('completion-menu').count()).toBe(0);
    await page.keyboard.press('Control+Shift+Space');
    await page.getByTestId('completion-menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('completion-menu').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+u');
  });
});
