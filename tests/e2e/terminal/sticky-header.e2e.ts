// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

let app: OpenApp;
let page: Page;

const sticky = () => page.locator('[data-testid="pane"][aria-selected="true"] [data-testid="sticky-command"]');
/** The command's row in the Commands list once it has an exit code (the shell reported its end). */
const ended = (line: string) =>
  page.locator('[data-testid="command-item"]:not([data-exit-code=""])').filter({ hasText: line }).last().waitFor();
const running = (line: string) =>
  page.locator('[data-testid="command-item"][data-exit-code=""]').filter({ hasText: line }).last().waitFor();
/** Two frames: the header follows the terminal at most once a frame, so by then it has caught up. */
const settled = () =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
const shot = (name: string) => page.screenshot({ path: `test-results/sticky-${name}.png` });

/** Scrolls the focused terminal back by a few lines, as the mouse wheel does. */
const scrollBack = async () => {
  const box = (await page.getByTestId('terminal').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -120);
};

beforeAll(async () => {
  app = await openApp();
  page = app.page;
});

afterAll(() => app?.close());

describe('the sticky command header', () => {
  it('is not drawn over top, which draws its screen without the alternate screen', async () => {
    await typeInTerminal(page, 'seq 1 300\r');
    await ended('seq 1 300');
    await typeInTerminal(page, 'top -d 1\r');
    await running('top -d 1');
    try {
      await waitForTerminalText(page, /load average/);
      // A second frame of top: it has redrawn its screen over the rows the previous command filled.
      await waitForTerminalText(page, /%Cpu/);
      await settled();
      await shot('top');
      expect(await sticky().count()).toBe(0);
    } finally {
      await page.keyboard.press('q');
      await ended('top -d 1');
    }
    await settled();
    expect(await sticky().count()).toBe(0);
  });

  it('names a running command over its plain output, but not once it positions the cursor', async () => {
    await typeInTerminal(page, 'seq 1 80; read -r x\r');
    await running('seq 1 80; read -r x');
    await sticky().filter({ hasText: 'seq 1 80; read -r x' }).waitFor();
    await page.keyboard.press('Enter');
    await ended('seq 1 80; read -r x');

    await typeInTerminal(page, "seq 1 80; printf '\\e[3;1Hpositioned-%s' $((6*7)); read -r x\r");
    await running('positioned-%s');
    try {
      await waitForTerminalText(page, /positioned-42/);
      await settled();
      expect(await sticky().count()).toBe(0);
    } finally {
      await page.keyboard.press('Enter');
      await ended('positioned-%s');
    }
  });

  it('is gone after Ctrl+L and after clear', async () => {
    await typeInTerminal(page, 'seq 101 400\r');
    await ended('seq 101 400');
    await scrollBack();
    await sticky().filter({ hasText: 'seq 101 400' }).waitFor();
    // Ctrl+L: readline erases the screen (ED 2) and redraws the prompt at the top; the output stays in the scrollback.
    await page.keyboard.press('Control+L');
    await page.waitForFunction(
      () => !/^400\s*$/m.test(document.querySelector<HTMLElement>('[data-testid="terminal"] .xterm-rows')?.innerText ?? '400'),
    );
    await settled();
    expect(await sticky().count()).toBe(0);
    await scrollBack();
    await sticky().filter({ hasText: 'seq 101 400' }).waitFor();
    await typeInTerminal(page, 'clear\r');
    await ended('clear');
    await settled();
    await shot('clear');
    expect(await sticky().count()).toBe(0);
  });

  it('names a finished command once scrolled back into its output, and that command, not the one before', async () => {
    await typeInTerminal(page, 'seq 501 800\r');
    await ended('seq 501 800');
    await waitForTerminalText(page, /^800\s*$/m);
    await settled();
    // Finished, and the user has not scrolled back to it: nothing to name over the prompt's screen.
    expect(await sticky().count()).toBe(0);
    await scrollBack();
    await sticky().waitFor();
    await shot('scrolled-back');
    expect(await sticky().innerText()).toContain('seq 501 800');
    expect(await sticky().innerText()).not.toContain('clear');
  });
});
