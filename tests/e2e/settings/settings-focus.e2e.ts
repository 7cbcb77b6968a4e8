// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

/**
 * Closing Settings used to leave the keyboard on the gear button: the next keystrokes went
 * nowhere. The terminal that had the focus must get it back, however Settings was closed.
 */
let app: OpenApp;

/** Keys typed the moment Settings is gone must reach the terminal: the focus is there at once, not a frame later. */
const focusIsInTerminal = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } | null } }).document;
    return doc.activeElement?.closest('[data-testid="terminal"]') != null;
  });

beforeAll(async () => {
  app = await openApp({ integrated: false });
  await waitForTerminalText(app.page, /[$#%>]\s*$/);
});

afterAll(async () => {
  await app?.close();
});

describe('closing Settings', () => {
  it('gives the keyboard back to the terminal after Close', async () => {
    const { page } = app;
    await typeInTerminal(page, '');
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-page').waitFor();
    await page.getByTestId('settings-close').click();
    await page.getByTestId('settings-page').waitFor({ state: 'detached' });
    expect(await focusIsInTerminal(page)).toBe(true);
    await page.keyboard.type('echo closed-$((40+2))\n');
    await waitForTerminalText(page, /^closed-42\s*$/m);
  });

  it('gives the keyboard back to the terminal after Escape', async () => {
    const { page } = app;
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-page').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-page').waitFor({ state: 'detached' });
    expect(await focusIsInTerminal(page)).toBe(true);
    await page.keyboard.type('echo escaped-$((40+3))\n');
    await waitForTerminalText(page, /^escaped-43\s*$/m);
  });
});
