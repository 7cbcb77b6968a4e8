// SPDX-License-Identifier: MIT
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

let app: OpenApp;
let page: Page;

const items = () => page.getByTestId('command-item');
const itemWith = (text: string) => items().filter({ hasText: text });

/** Whether the database files (file, WAL, shared memory) still hold `marker` anywhere. */
const databaseHolds = (marker: string): boolean =>
  ['', '-wal', '-shm'].some((suffix) => {
    const path = join(app.server.dataDir, `contexterm.db${suffix}`);
    return existsSync(path) && readFileSync(path).includes(marker);
  });

const forgetFromMenu = async (text: string) => {
  await itemWith(text).getByTestId('command-actions').click();
  await page.getByTestId('command-menu').waitFor();
  await page.getByTestId('command-forget').click();
};

beforeAll(async () => {
  app = await openApp();
  page = app.page;
});

afterAll(() => app?.close());

describe('"Forget this command" can be undone for a few seconds', () => {
  it('hides the command at once, undo brings it back, and without undo its bytes are erased', async () => {
    await typeInTerminal(page, 'echo undo-me-$((6*7))-out\n');
    await waitForTerminalText(page, /^undo-me-42-out\s*$/m);
    await itemWith('echo undo-me-').waitFor({ timeout: 15_000 });
    await expect.poll(() => itemWith('echo undo-me-').getAttribute('data-exit-code'), { timeout: 10_000 }).toBe('0');
    // Kept screens (restore) would hold the text too: this test is about the history, so clear the screen.
    await typeInTerminal(page, "clear; printf '\\033[3J'\n");

    await forgetFromMenu('echo undo-me-');
    await expect.poll(() => itemWith('echo undo-me-').count()).toBe(0);
    const notice = page.getByTestId('command-notice').filter({ hasText: 'Forgotten' });
    await notice.waitFor();
    await notice.getByTestId('command-forget-undo').click();
    await expect.poll(() => itemWith('echo undo-me-').count()).toBe(1);
    await page.getByTestId('command-notice').filter({ hasText: 'Kept' }).waitFor();
    expect(databaseHolds('undo-me-42-out')).toBe(true);

    await forgetFromMenu('echo undo-me-');
    await expect.poll(() => itemWith('echo undo-me-').count()).toBe(0);
    await page.getByTestId('command-forget-undo').waitFor();
    // Still in the database while it can be undone; gone once the window is over (the notice with it).
    await page.getByTestId('command-forget-undo').waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => databaseHolds('undo-me-42-out'), { timeout: 10_000 }).toBe(false);
    expect(databaseHolds('echo undo-me-$((6*7))')).toBe(false);
    expect(await itemWith('echo undo-me-').count()).toBe(0);
  });
});
