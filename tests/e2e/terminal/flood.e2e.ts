// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

/**
 * During a flood the page joins what queued while it parsed and skips the lines its history could
 * not keep anyway (renderer/transport/socket-worker.ts, shared/terminal/scrolled-off.ts). What the
 * user can scroll back to must be exactly what a terminal that parsed every line keeps: the last
 * 10,000 lines of history above the screen, none missing, none from before.
 */
let app: OpenApp;
let page: Page;

const SCROLLBACK = 10_000;
const LINES = 200_000;
const count = () => page.getByTestId('find-count').innerText();

beforeAll(async () => {
  app = await openApp();
  page = app.page;
});

afterAll(() => app?.close());

describe('a flood in the page', () => {
  it('keeps the last 10,000 lines of history, as a terminal that parsed them all would', async () => {
    await typeInTerminal(page, `seq -f 'n%g' 1 ${LINES}; echo flood-$((6*7))\r`);
    await waitForTerminalText(page, /^flood-42\s*$/m, 60_000);
    const rows = await page.locator('[data-testid="terminal"] .xterm-rows > div').allInnerTexts();
    // The screen is the bottom of the buffer, whose first line is SCROLLBACK + the last number's row above it.
    const last = rows.findIndex((row) => row.trim() === `n${LINES}`);
    expect(last).toBeGreaterThan(0);
    const first = LINES - SCROLLBACK - last;

    await page.keyboard.press('Control+Shift+F');
    await page.getByTestId('find-input').waitFor();
    await page.getByTestId('find-input').fill(`n${first}`);
    await expect.poll(count, { timeout: 10_000 }).toBe('1 of 1');
    await page.getByTestId('find-input').fill(`n${first - 1}`);
    await expect.poll(count, { timeout: 10_000 }).toBe('No results');
    // A line from the middle of the history, and one the page may well have skipped parsing.
    await page.getByTestId('find-input').fill(`n${first + SCROLLBACK / 2}`);
    await expect.poll(count, { timeout: 10_000 }).toBe('1 of 1');
    await page.getByTestId('find-input').fill(`n${first - SCROLLBACK}`);
    await expect.poll(count, { timeout: 10_000 }).toBe('No results');
    await page.getByTestId('find-input').press('Escape');
  });
});
