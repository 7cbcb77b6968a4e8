// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

let app: OpenApp;
let page: Page;

const panes = () => page.getByTestId('pane');
const focusedId = () => page.locator('[data-testid="pane"][aria-selected="true"]').getAttribute('data-session-id');
const paneCount = (n: number) => page.waitForFunction((count) => document.querySelectorAll('[data-testid="pane"]').length === count, n);
beforeAll(async () => {
  app = await openApp();
  page = app.page;
});

afterAll(() => app?.close());

describe('split panes', () => {
  it('splits right and down, each pane a recorded terminal of its own, in one tab', async () => {
    await typeInTerminal(page, 'echo first-$((1+1))\r');
    await waitForTerminalText(page, /first-2/);
    const first = await focusedId();

    await page.getByTestId('pane-split-right').click();
    await paneCount(2);
    await expect.poll(focusedId).not.toBe(first);
    const second = await focusedId();
    await typeInTerminal(page, 'echo second-$((2+2))\r');
    await waitForTerminalText(page, /second-4/);

    await page.keyboard.press('Control+Shift+S');
    await paneCount(3);
    const third = await focusedId();
    expect(new Set([first, second, third]).size).toBe(3);
    // Still one tab: the panes are in it.
    expect(await page.getByTestId('tab').count()).toBe(1);
    expect(await page.getByTestId('tab').getAttribute('data-panes')).toBe('3');

    // Each pane's command is recorded in its own session: the Commands panel follows the focused pane.
    await panes()
      .filter({ has: page.locator(`[data-pty-id="${second}"]`) })
      .click();
    await page.getByTestId('command-item').filter({ hasText: 'echo second-$((2+2))' }).waitFor();
    await panes()
      .filter({ has: page.locator(`[data-pty-id="${first}"]`) })
      .click();
    await page.getByTestId('command-item').filter({ hasText: 'echo first-$((1+1))' }).waitFor();
    expect(await page.getByTestId('command-item').filter({ hasText: 'second' }).count()).toBe(0);
  });

  it('resizes panes by dragging the edge between them', async () => {
    const separator = page.locator('.pane-separator.horizontal').first();
    const box = await separator.boundingBox();
    const left = panes().first();
    const before = (await left.boundingBox())!.width;
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await page.mouse.down();
    await page.mouse.move(box!.x - 150, box!.y + box!.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await left.boundingBox())!.width).toBeLessThan(before - 100);
  });

  it('moves the keyboard between panes, zooms one, and closes one', async () => {
    const start = await focusedId();
    await page.keyboard.press('Control+Alt+ArrowRight');
    await expect.poll(focusedId).not.toBe(start);
    await page.keyboard.press('Control+Alt+ArrowLeft');
    await expect.poll(focusedId).toBe(start);

    await page.keyboard.press('Control+Shift+Enter');
    await paneCount(1);
    await page.keyboard.press('Control+Shift+Enter');
    await paneCount(3);

    // exit in a pane closes that pane only; the tab keeps the others and the keyboard goes to one.
    const closing = await focusedId();
    await typeInTerminal(page, 'exit\r');
    await paneCount(2);
    expect(await page.locator(`[data-testid="pane"][data-session-id="${closing}"]`).count()).toBe(0);
    expect(await focusedId()).not.toBe(closing);
    expect(await page.getByTestId('tab').count()).toBe(1);
    // The remaining pane still works.
    await typeInTerminal(page, 'echo alive-$((3+3))\r');
    await waitForTerminalText(page, /alive-6/);
  });

  it('keeps the layout across a reload', async () => {
    await page.reload();
    await page.getByTestId('terminal').waitFor();
    await paneCount(2);
    expect(await page.getByTestId('tab').count()).toBe(1);
  });

  it('names the command whose output fills the top of a pane in a sticky header', async () => {
    const sticky = page.locator('[data-testid="pane"][aria-selected="true"] [data-testid="sticky-command"]');
    await typeInTerminal(page, 'seq 1 300\r');
    await waitForTerminalText(page, /^300\s*$/m);
    // A finished command is named once the user scrolls back into its output.
    const box = (await page.getByTestId('terminal').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -120);
    await sticky.waitFor();
    expect(await sticky.innerText()).toContain('seq 1 300');
    // A click goes back to the command's prompt line.
    await sticky.click();
    await waitForTerminalText(page, /seq 1 300\s*\n1\s*\n2\s*$/m);
  });
});
