// SPDX-License-Identifier: MIT
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openApp, openPage, savedWorkspace, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

const dataDir = mkdtempSync(join(tmpdir(), 'ct-restore-'));
let app: OpenApp | undefined;

afterAll(() => app?.close());

const paneText = (page: Page, index: number) => page.getByTestId('pane').nth(index).locator('.xterm-rows').innerText();

describe('session restore', () => {
  it('brings tabs and panes back after a restart, in their directories, with their earlier output', async () => {
    app = await openApp({ server: { dataDir } });
    let page = app.page;
    await typeInTerminal(page, 'cd /tmp && echo left-$((20+1))-marker\r');
    await waitForTerminalText(page, /left-21-marker/);
    await page.getByTestId('pane-split-right').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="pane"]').length === 2);
    await typeInTerminal(page, 'cd /usr && echo right-$((20+2))-marker\r');
    await waitForTerminalText(page, /right-22-marker/);
    await page.getByTestId('tab-new').click();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(2);
    // A private tab split in two: neither pane is saved, so neither comes back (a split used to be).
    await page.getByTestId('tab-private').click();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(3);
    await page.getByTestId('pane-split-right').click();
    await expect.poll(() => page.getByTestId('tab').nth(2).getAttribute('data-panes')).toBe('2');
    await typeInTerminal(page, 'cd /var && echo private-$((20+3))-split\r');
    await waitForTerminalText(page, /private-23-split/);
    // The layout and each shell's directory reach the main process, each on its own debounce, so
    // wait for both in one saved value rather than assume one arrives before the other.
    await expect
      .poll(
        () => {
          const saved = savedWorkspace(dataDir);
          return { groups: saved?.groups.length, cwds: Object.values(saved?.panes ?? {}).map((p) => p.cwd) };
        },
        { timeout: 10_000 },
      )
      .toEqual({ groups: 2, cwds: expect.arrayContaining(['/tmp', '/usr']) });

    await page.close();
    expect(await app.restart()).toBe(0);
    page = await openPage(app.browser, app.server.url, { integrated: false });
    await expect.poll(() => page.getByTestId('tab').count(), { timeout: 15_000 }).toBe(2);
    expect(Object.values(savedWorkspace(dataDir)?.panes ?? {}).map((p) => p.cwd)).not.toContain('/var');
    await page.getByTestId('tab').nth(0).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="pane"]').length === 2);
    // Earlier output, above a divider, and a fresh shell below it in the same directory.
    await expect.poll(() => paneText(page, 0), { timeout: 15_000 }).toMatch(/left-21-marker[\s\S]*restored · \/tmp/);
    await expect.poll(() => paneText(page, 1), { timeout: 15_000 }).toMatch(/right-22-marker[\s\S]*restored · \/usr/);
    await page.getByTestId('pane').nth(0).click();
    await typeInTerminal(page, 'echo now-in-$(pwd)\r');
    await waitForTerminalText(page, /now-in-\/tmp/);
  });
});
