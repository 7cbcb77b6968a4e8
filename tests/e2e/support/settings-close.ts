// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';

/**
 * Closes Settings, dropping unsaved edits: Close, then Discard changes if the page asks (its own
 * question, settings-unsaved; it used to be the browser's confirm(), which tests accepted).
 */
export const closeSettingsDiscarding = async (page: Page): Promise<void> => {
  await page.getByTestId('settings-close').click();
  const settings = page.getByTestId('settings-page');
  const question = page.getByTestId('settings-unsaved');
  // Whichever state comes: the page closed, or it asks.
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="settings-page"]') || document.querySelector('[data-testid="settings-unsaved"]'),
  );
  if ((await question.count()) > 0) await page.getByTestId('settings-unsaved-discard').click();
  await settings.waitFor({ state: 'detached' });
};
