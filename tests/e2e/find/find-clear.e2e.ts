// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

/**
 * The find bar covered the match it found (issue 41): a match in the pane's first rows, at the
 * right where the bar is, was highlighted underneath it. The bar stays top-right; the terminal
 * scrolls the match clear of it, as VS Code does.
 */
let app: OpenApp;
let page: Page;

beforeAll(async () => {
  app = await openApp({ viewport: { width: 1000, height: 600 } });
  page = app.page;
});

afterAll(() => app?.close());

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the find bar and its match', () => {
  it('scrolls a match in the top rows, under the bar, clear of it; the bar stays at the top right', async () => {
    await waitForTerminalText(page, /[$#]\s*$/);
    // The match right-aligned on what ends up as the screen's first row (with scrollback above it),
    // where the bar is drawn; `find''me` so the echoed command line is not a match.
    await typeInTerminal(page, "seq 1 50; printf '%*s\\n' $(( $(tput cols) - 2 )) find''me-$((1+1)); seq 1 $(( $(tput lines) - 2 ))\r");
    await waitForTerminalText(page, /^\s+findme-2\s*$/m);
    const pane = page.getByTestId('pane');
    await page.keyboard.press('Control+Shift+F');
    await page.getByTestId('find-input').fill('findme-2');
    await expect.poll(() => page.getByTestId('find-count').innerText()).toBe('1 of 1');

    const bar = (await pane.locator('.search-bar').boundingBox())!;
    const paneBox = (await pane.boundingBox())!;
    // Top right of the pane, as before.
    expect(bar.y - paneBox.y).toBeLessThan(20);
    expect(paneBox.x + paneBox.width - (bar.x + bar.width)).toBeLessThan(40);
    // The found match is selected: the selection layer's box is the match's.
    const match = pane.locator('.xterm-selection > div').first();
    await page.screenshot({ path: '/tmp/ct-find-clear-before.png' });
    await expect
      .poll(async () => {
        const box = await match.boundingBox();
        return box !== null && !overlaps(box, bar);
      })
      .toBe(true);
    await page.screenshot({ path: '/tmp/ct-find-clear.png' });
  });
});
