// SPDX-License-Identifier: MIT
import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAssistantApp, type AssistantApp } from '../support/assistant-page';

let app: AssistantApp;
let page: Page;
/** Every browser dialog the page opened (none: the unsaved-changes question is the page's own), dismissed. */
const dialogs: Dialog[] = [];

beforeAll(async () => {
  app = await openAssistantApp({
    beforeLoad: (p) =>
      p.on('dialog', (dialog) => {
        dialogs.push(dialog);
        void dialog.dismiss();
      }),
  });
  page = app.page;
});

afterAll(() => app?.close());

/** What a schema library would say; the page must say what it expects instead. */
const JARGON = /expected|Too (small|big)|received|Invalid input|>=|<=|NaN/;

const fieldOf = (testId: string) => page.locator('.field', { has: page.getByTestId(testId) });
const isOpen = async () => (await page.getByTestId('settings-page').count()) === 1;

const open = async () => {
  await page.getByTestId('settings-open').click();
  await page.getByTestId('settings-page').waitFor();
  await page.getByTestId('model-limit-input').waitFor();
};

const save = async (expected: RegExp) => {
  await page.getByTestId('settings-save').click();
  await expect.poll(() => page.getByTestId('settings-status').innerText()).toMatch(expected);
};

/** Saves `value` into `testId` and returns the one message shown, checking it is the only one. */
const onlyErrorFor = async (testId: string, value: string): Promise<string> => {
  await page.getByTestId(testId).fill(value);
  await save(/Nothing saved: 1 field needs fixing/);
  await expect.poll(() => page.getByTestId('field-error').count()).toBe(1);
  expect(await fieldOf(testId).getByTestId('field-error').count()).toBe(1);
  const message = await fieldOf(testId).getByTestId('field-error').innerText();
  expect(message).not.toMatch(JARGON);
  return message;
};

/** Closes with the form as it is, accepting the "lose changes?" question if one comes. */
describe('settings validation that explains', () => {
  it('accepts a limit of 0 only as an explicit "No limit", and explains -5 and 1.5 once each', async () => {
    await open();
    const noLimit = page.getByTestId('model-no-limit');
    await page.getByTestId('model-limit-input').fill('8000');
    expect(await noLimit.isChecked()).toBe(false);

    expect(await onlyErrorFor('model-limit-input', '0')).toMatch(/No limit/);
    expect(await onlyErrorFor('model-limit-input', '-5')).toMatch(/cannot be negative/);
    expect(await onlyErrorFor('model-limit-input', '1.5')).toMatch(/whole number of tokens/);

    // Choosing "No limit" is what stores 0; it survives a reload of the page.
    await noLimit.check();
    expect(await page.getByTestId('model-limit-input').inputValue()).toBe('');
    await save(/Saved/);
    expect(await page.getByTestId('field-error').count()).toBe(0);
    await page.getByTestId('settings-close').click();
    await expect.poll(isOpen).toBe(false);
    await page.reload();
    await page.getByTestId('assistant-input').waitFor();
    await open();
    expect(await page.getByTestId('model-no-limit').isChecked()).toBe(true);
    expect(await page.getByTestId('model-limit-input').inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('context-usage').getAttribute('data-limit')).toBe('');

    // Typing a limit again un-chooses it.
    await page.getByTestId('model-limit-input').fill('16000');
    expect(await page.getByTestId('model-no-limit').isChecked()).toBe(false);
    await save(/Saved/);
    await page.getByTestId('settings-close').click();
    await expect.poll(() => page.getByTestId('context-usage').getAttribute('data-limit')).toBe('16000');
  });

  it('explains a warning threshold outside 0.05–1 once, on that field', async () => {
    await open();
    for (const value of ['1.5', '-0.2', '80', 'high']) {
      expect(await onlyErrorFor('model-warning-input', value), value).toMatch(/from 0\.05 to 1/);
    }
    await page.getByTestId('model-warning-input').fill('0.7');
    await save(/Saved/);
    expect(await page.getByTestId('field-error').count()).toBe(0);
    await page.getByTestId('settings-close').click();
    await expect.poll(isOpen).toBe(false);
  });

  it('asks before closing with unsaved changes, in the page and never through the browser, and only then', async () => {
    const question = page.getByTestId('settings-unsaved');
    // Untouched: closes at once, no question.
    await open();
    await page.getByTestId('settings-close').click();
    await expect.poll(isOpen).toBe(false);

    // Changed: asks in the page, Keep editing focused; Keep (or Esc) keeps the page and the edit.
    await open();
    const size = page.getByTestId('terminal-font-size');
    const original = await size.inputValue();
    await size.fill(String(Number(original) + 3));
    await page.getByTestId('settings-close').click();
    await question.waitFor();
    expect(await question.innerText()).toMatch(/without saving/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('settings-unsaved-keep');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    expect(await isOpen()).toBe(true);
    await page.getByTestId('settings-close').click();
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await isOpen()).toBe(true);
    expect(await size.inputValue()).toBe(String(Number(original) + 3));

    // Typed back to what is saved: nothing to lose, no question.
    await size.fill(original);
    await page.getByTestId('settings-close').click();
    await expect.poll(isOpen).toBe(false);

    // Changed again, Discard drops the edit: the saved value is still there.
    await open();
    await page.getByTestId('terminal-font-size').fill('30');
    await page.getByTestId('settings-close').click();
    await page.getByTestId('settings-unsaved-discard').click();
    await expect.poll(isOpen).toBe(false);
    await open();
    expect(await page.getByTestId('terminal-font-size').inputValue()).toBe(original);

    // Saved changes are not unsaved: no question.
    await page.getByTestId('terminal-scrollback').fill('5000');
    await save(/Saved/);
    await page.getByTestId('settings-close').click();
    await expect.poll(isOpen).toBe(false);
    // Never the browser's own confirm().
    expect(dialogs).toEqual([]);
  });

  it('shows the relevance threshold the README documents (0.35) as the default', async () => {
    await open();
    expect(await page.getByLabel('Threshold (0–1)').inputValue()).toBe('0.35');
    await page.getByTestId('settings-close').click();
    await expect.poll(isOpen).toBe(false);
  });
});
