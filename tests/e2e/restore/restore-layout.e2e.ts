// SPDX-License-Identifier: MIT
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openApp, openPage, savedWorkspace, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

const dataDir = mkdtempSync(join(tmpdir(), 'ct-restore-layout-'));
let app: OpenApp | undefined;

afterAll(() => app?.close());

const DRACULA = 'rgb(40, 42, 54)';
const tabNames = (page: Page) => page.getByTestId('tab').allInnerTexts();
const paneCount = (page: Page) => page.getByTestId('pane').count();
const background = (page: Page) =>
  page.locator('[data-testid="terminal"] .xterm-viewport').evaluate((el) => getComputedStyle(el).backgroundColor);

/** The tabs as the user sees them: [split tab with two panes, the renamed profile tab]. */
const expectLayout = async (page: Page) => {
  await expect.poll(() => page.getByTestId('tab').count(), { timeout: 15_000 }).toBe(2);
  await expect.poll(() => tabNames(page)).toEqual([expect.not.stringContaining('build box'), expect.stringContaining('build box')]);
  await page.getByTestId('tab').nth(0).click();
  await expect.poll(() => paneCount(page)).toBe(2);
  await page.getByTestId('tab').nth(1).click();
  await expect.poll(() => paneCount(page)).toBe(1);
  await expect.poll(() => background(page)).toBe(DRACULA);
};

describe('restore keeps profiles, tab names and the layout', () => {
  it('brings back a renamed profile tab running its profile and a split tab, in order, after a restart and in a new window', async () => {
    app = await openApp({ server: { dataDir } });
    let page = app.page;
    await page.getByTestId('settings-open').click();
    await page.getByTestId('profile-add').click();
    const card = page.getByTestId('profile-card').first();
    await card.getByTestId('profile-name').fill('Restorable');
    await card.getByTestId('profile-command').fill('bash');
    await card.getByTestId('profile-args').fill('--norc\n--noprofile\n-i');
    await card.getByTestId('profile-env').fill('RESTORE_MARK=from-profile\nPS1=prof$ ');
    await card.getByTestId('profile-scheme').selectOption('dracula');
    await page.getByTestId('settings-save').click();
    await page.getByTestId('settings-close').click();

    await page.getByTestId('pane-split-right').click();
    await expect.poll(() => paneCount(page)).toBe(2);
    await page.getByTestId('tab-new-profile').click();
    await page.getByTestId('profile-item').filter({ hasText: 'Restorable' }).click();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(2);
    await waitForTerminalText(page, /prof\$/);
    await page.getByTestId('tab').nth(1).dblclick();
    await page.getByTestId('tab-rename').fill('build box');
    await page.getByTestId('tab-rename').press('Enter');
    await expect.poll(() => tabNames(page)).toEqual([expect.anything(), expect.stringContaining('build box')]);
    await expect
      .poll(
        () => {
          const saved = savedWorkspace(dataDir) as
            { groups: Array<{ root: { kind: string } }>; names?: Record<string, string> } | undefined;
          return { kinds: saved?.groups.map((g) => g.root.kind), names: Object.values(saved?.names ?? {}) };
        },
        { timeout: 10_000 },
      )
      .toEqual({ kinds: ['split', 'leaf'], names: ['build box'] });

    const firstRun = Object.keys(savedWorkspace(dataDir)?.panes ?? {});
    await page.close();
    expect(await app.restart()).toBe(0);
    page = await openPage(app.browser, app.server.url, { integrated: false });
    await expectLayout(page);
    // The profile's program runs again, with its environment.
    await waitForTerminalText(page, /prof\$/);
    await typeInTerminal(page, 'echo "mark=$RESTORE_MARK"\r');
    await waitForTerminalText(page, /^mark=from-profile\s*$/m);
    await page.screenshot({ path: join(dataDir, 'restored.png') });

    // The launch URL reopened in a fresh window (no storage of its own) while the server runs.
    // Once this window saved its layout by itself (the restored terminals' ids, not the last run's),
    // while output and session updates keep coming.
    await expect
      .poll(() => Object.keys(savedWorkspace(dataDir)?.panes ?? {}).filter((id) => !firstRun.includes(id)).length, { timeout: 10_000 })
      .toBe(3);
    await page.close();
    page = await openPage(app.browser, app.server.url);
    await expectLayout(page);
    await page.screenshot({ path: join(dataDir, 'reopened.png') });
    console.log(`screenshots in ${dataDir}`);
  });
});
