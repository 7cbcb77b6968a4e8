// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';
import { heldSleep } from '../support/held-sleep';

/**
 * The habits of a daily terminal: keystrokes always land somewhere visible, and a running
 * command's time moves. Typing here uses the keyboard only (no click on the terminal first), as a
 * user does after clicking a tab or closing one.
 */
let app: OpenApp;
let page: Page;

const focusInTerminal = () =>
  page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } | null } }).document;
    return doc.activeElement?.closest('[data-testid="terminal"]') != null;
  });

beforeAll(async () => {
  app = await openApp();
  page = app.page;
});

afterAll(() => app?.close());

describe('focus', () => {
  it('returns to the terminal after a click on the active tab', async () => {
    await page.getByTestId('tab').nth(0).click();
    await expect.poll(focusInTerminal).toBe(true);
    await page.keyboard.type('echo tabclick-$((1+1))\n');
    await waitForTerminalText(page, /^tabclick-2\s*$/m);
  });

  it('returns to the remaining terminal after closing a tab', async () => {
    await page.getByTestId('tab-new').click();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(2);
    await page.getByTestId('tab').nth(1).getByTestId('tab-close').click();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(1);
    await expect.poll(focusInTerminal).toBe(true);
    await page.keyboard.type('echo closed-$((1+1))\n');
    await waitForTerminalText(page, /^closed-2\s*$/m);
  });

  it('goes back to the terminal on Esc in the assistant, and Ctrl+Shift+E switches between them', async () => {
    await page.getByTestId('assistant-input').click();
    await page.keyboard.press('Escape');
    await expect.poll(focusInTerminal).toBe(true);
    await page.keyboard.press('Control+Shift+E');
    await expect
      .poll(() =>
        page.getByTestId('assistant-input').evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Control+Shift+E');
    await expect.poll(focusInTerminal).toBe(true);
    await page.keyboard.type('echo switched-$((1+1))\n');
    await waitForTerminalText(page, /^switched-2\s*$/m);
  });
});

describe('running commands', () => {
  it('show an elapsed time that ticks', async () => {
    // Runs until the ticking was seen: a `sleep 4` could be over first on a loaded machine.
    const held = heldSleep();
    await typeInTerminal(page, `${held.command}; true\n`);
    const elapsed = page.getByTestId('command-elapsed');
    await elapsed.waitFor();
    await expect.poll(() => elapsed.innerText(), { timeout: 15_000 }).toMatch(/^[2-9]\.\d s$/);
    await held.end();
    await expect.poll(() => page.getByTestId('command-item').last().getAttribute('data-exit-code'), { timeout: 10_000 }).toBe('0');
    await expect.poll(() => elapsed.count()).toBe(0);
  });
});

describe('gutter marks', () => {
  it('marks the command typed after Ctrl+L cleared the screen', async () => {
    await typeInTerminal(page, 'echo before-clear\n');
    await waitForTerminalText(page, /^before-clear\s*$/m);
    await page.keyboard.press('Control+L');
    await page.keyboard.type('echo after-clear-$((1+1))\n');
    await waitForTerminalText(page, /^after-clear-2\s*$/m);
    const item = page.getByTestId('command-item').last();
    await expect.poll(() => item.locator('.command-line').innerText()).toBe('echo after-clear-$((1+1))');
    const id = await item.getAttribute('data-command-id');
    await page.locator(`.command-gutter[data-command-id="${id}"]`).waitFor();
  });
});

describe('tabs', () => {
  it('names a tab after its running program and its directory, and keeps a name you give it', async () => {
    await typeInTerminal(page, 'cd /usr/share\n');
    const held = heldSleep();
    await typeInTerminal(page, `${held.command}\n`);
    const tab = page.getByTestId('tab').first();
    await expect.poll(() => tab.locator('.tab-title').innerText()).toBe('sleep');
    await held.end();
    await expect.poll(() => tab.locator('.tab-title').innerText(), { timeout: 10_000 }).not.toBe('sleep');
    // Debian's bashrc sets a title at each prompt (user@host: dir); without one the directory shows.
    expect(await tab.locator('.tab-title').innerText()).toMatch(/share/);
    await tab.dblclick();
    await page.getByTestId('tab-rename').fill('my logs');
    await page.keyboard.press('Enter');
    await expect.poll(() => tab.locator('.tab-title').innerText()).toBe('my logs');
    await page.reload();
    await expect.poll(() => page.getByTestId('tab').first().locator('.tab-title').innerText()).toBe('my logs');
  });

  it('comes back from a reload on the tab you were on', async () => {
    await page.getByTestId('tab-new').click();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(2);
    await page.getByTestId('tab').nth(1).click();
    await page.reload();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(2);
    await expect.poll(() => page.getByTestId('tab').nth(1).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('tab').nth(1).getByTestId('tab-close').click();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(1);
  });
});

describe('layout', () => {
  it('hides the whole side pane so the terminal takes the full width, and brings it back', async () => {
    const width = () => page.getByTestId('terminal').evaluate((el) => el.getBoundingClientRect().width);
    const before = await width();
    await page.getByTestId('side-toggle').click();
    await page.getByTestId('side-pane').waitFor({ state: 'detached' });
    await expect.poll(width).toBeGreaterThan(before + 200);
    await page.keyboard.press('Control+Shift+B');
    await page.getByTestId('side-pane').waitFor();
  });

  it('resizes the commands list against the assistant', async () => {
    const panel = page.locator('.commands-panel');
    const height = () => panel.evaluate((el) => el.getBoundingClientRect().height);
    const before = await height();
    const handle = page.getByTestId('commands-resize');
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + 120, { steps: 5 });
    await page.mouse.up();
    await expect.poll(height).toBeGreaterThan(before + 80);
  });
});
