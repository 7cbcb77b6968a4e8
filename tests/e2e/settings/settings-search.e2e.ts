// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type OpenApp } from '../support/app';

/** Settings had no search (issue 41): words filter the page down to the settings that name them. */
let app: OpenApp;
let page: Page;

beforeAll(async () => {
  app = await openApp();
  page = app.page;
});

afterAll(() => app?.close());

describe('settings search', () => {
  it('filters the settings by words, says when nothing matches, and Esc clears it', async () => {
    await page.getByTestId('settings-open').click();
    const search = page.getByTestId('settings-search');
    await search.waitFor();
    const fontSize = page.getByTestId('terminal-font-size');
    const scrollback = page.getByTestId('terminal-scrollback');
    await fontSize.waitFor();

    await search.fill('scrollback');
    await expect.poll(() => scrollback.isVisible()).toBe(true);
    await expect.poll(() => fontSize.isVisible()).toBe(false);
    // Words in any order, case aside.
    await search.fill('SIZE font');
    await expect.poll(() => fontSize.isVisible()).toBe(true);
    await expect.poll(() => scrollback.isVisible()).toBe(false);

    await search.fill('zzqx-nothing');
    await expect.poll(() => page.getByTestId('settings-search-empty').innerText()).toBe('No settings match “zzqx-nothing”.');
    await expect.poll(() => fontSize.isVisible()).toBe(false);

    await search.press('Escape');
    expect(await search.inputValue()).toBe('');
    expect(await page.getByTestId('settings-page').count()).toBe(1);
    await expect.poll(() => fontSize.isVisible()).toBe(true);
    await expect.poll(() => scrollback.isVisible()).toBe(true);
    await page.getByTestId('settings-search-empty').waitFor({ state: 'detached' });
  });
});
