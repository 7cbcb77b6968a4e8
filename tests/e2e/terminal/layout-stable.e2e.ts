// SPDX-License-Identifier: MIT
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, type OpenApp } from '../support/app';

/**
 * Messages must not move the buttons around them: "Saved and applied." pushed Close onto a second
 * row, and "No failed command in this terminal yet." pushed Send down, under a button that was
 * offered when nothing had failed.
 */
let app: OpenApp;

beforeAll(async () => {
  app = await openApp({ integrated: true });
});

afterAll(async () => {
  await app?.close();
});

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
};

describe('stable layouts', () => {
  it('keeps Save and Close where they are when the save status appears', async () => {
    const { page } = app;
    await page.getByTestId('settings-open').click();
    await page.getByTestId('terminal-font-size').waitFor();
    const close = page.getByTestId('settings-close');
    const save = page.getByTestId('settings-save');
    const before = { close: await box(close), save: await box(save) };
    await page.getByTestId('terminal-font-size').fill('15');
    await save.click();
    await page.getByTestId('settings-status').filter({ hasText: 'Saved and applied.' }).waitFor();
    await page.screenshot({ path: '/tmp/ct-settings-saved.png' });
    expect(await box(close)).toEqual(before.close);
    expect(await box(save)).toEqual(before.save);
    await close.click();
  });

  it('offers "Attach last failed" only once something failed, without moving Send', async () => {
    const { page } = app;
    const send = page.getByTestId('assistant-send');
    await send.waitFor();
    const attach = page.getByTestId('attach-last-failed');
    // Nothing has failed in this terminal: a command that succeeded changes nothing.
    await typeInTerminal(page, 'true\n');
    await page.locator('[data-testid="command-item"][data-exit-code="0"]').waitFor();
    expect(await attach.count()).toBe(0);
    const before = await box(send);

    await typeInTerminal(page, 'false\n');
    await page.locator('[data-testid="command-item"][data-exit-code="1"]').waitFor();
    await attach.waitFor();
    expect(await box(send)).toEqual(before);
    await attach.click();
    await page.getByTestId('attachment-chip').filter({ hasText: 'false' }).waitFor();
    await page.screenshot({ path: '/tmp/ct-composer-attached.png' });
    expect(await box(send)).toEqual(before);
  });
});
