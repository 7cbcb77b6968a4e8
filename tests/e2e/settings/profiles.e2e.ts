// SPDX-License-Identifier: MIT
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

let app: OpenApp;
let page: Page;

beforeAll(async () => {
  app = await openApp();
  page = app.page;
});

afterAll(() => app?.close());

describe('profiles', () => {
  it('opens a tab with a profile: its program, arguments, directory and environment', async () => {
    await page.getByTestId('settings-open').click();
    await page.getByTestId('profile-add').click();
    const card = page.getByTestId('profile-card').first();
    await card.getByTestId('profile-name').fill('Plain bash in tmp');
    await card.getByTestId('profile-command').fill('bash');
    await card.getByTestId('profile-args').fill('--norc\n--noprofile\n-i');
    await card.getByTestId('profile-cwd').fill('/tmp');
    await card.getByTestId('profile-env').fill('PROFILE_MARK=from-profile\nPS1=prof$ ');
    await page.getByTestId('settings-save').click();
    await page.getByTestId('settings-close').click();

    await page.getByTestId('tab-new-profile').click();
    await page.getByTestId('profile-item').filter({ hasText: 'Plain bash in tmp' }).click();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(2);
    await waitForTerminalText(page, /prof\$/);
    await typeInTerminal(page, 'echo "$PROFILE_MARK in $(pwd)"\r');
    await waitForTerminalText(page, /^from-profile in \/tmp\s*$/m);
  });

  it('refuses a profile with a bad variable name, saying where', async () => {
    await page.getByTestId('settings-open').click();
    const card = page.getByTestId('profile-card').first();
    await card.getByTestId('profile-env').fill('1BAD=x');
    await page.getByTestId('settings-save').click();
    await page.getByText(/a variable name is letters, digits and _/).waitFor();
    await card.getByTestId('profile-env').fill('PROFILE_MARK=from-profile\nPS1=prof$ ');
    await page.getByTestId('settings-save').click();
    await page.getByText(/a variable name is letters, digits and _/).waitFor({ state: 'detached' });
    await page.getByTestId('settings-close').click();
  });

  it("shows a profile's terminals in its own colour scheme and font size", async () => {
    await page.getByTestId('settings-open').click();
    const card = page.getByTestId('profile-card').first();
    await card.getByTestId('profile-scheme').selectOption('dracula');
    await card.getByTestId('profile-font-size').fill('20');
    await page.getByTestId('settings-save').click();
    await page.getByTestId('settings-close').click();
    // The tab already open with the profile takes its looks; a plain tab keeps the settings'.
    await page.getByTestId('tab').nth(1).click();
    await expect.poll(() => page.getByTestId('terminal').getAttribute('data-font-size')).toBe('20');
    const background = () =>
      page.locator('[data-testid="terminal"] .xterm-viewport').evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect.poll(background).toBe('rgb(40, 42, 54)');
    await page.getByTestId('tab').nth(0).click();
    await expect.poll(() => page.getByTestId('terminal').getAttribute('data-font-size')).not.toBe('20');
    expect(await background()).not.toBe('rgb(40, 42, 54)');
  });

  it("a split keeps its pane's profile: the new pane of a Dracula tab is Dracula, runs the profile, and a plain tab's split stays plain", async () => {
    const backgroundOf = (pane: ReturnType<Page['getByTestId']>) =>
      pane.locator('.xterm-viewport').evaluate((el) => getComputedStyle(el).backgroundColor);
    const panes = page.getByTestId('pane');
    await page.getByTestId('tab').nth(1).click();
    await expect.poll(() => panes.count()).toBe(1);
    await page.getByTestId('pane-split-right').click();
    await expect.poll(() => panes.count()).toBe(2);
    for (const index of [0, 1]) {
      await expect.poll(() => backgroundOf(panes.nth(index))).toBe('rgb(40, 42, 54)');
      // Only the focused pane's container is `terminal` (the others `pane-terminal`).
      await expect.poll(() => panes.nth(index).locator('[data-font-size]').getAttribute('data-font-size')).toBe('20');
    }
    // The profile's program too, not only its looks: its environment is in the new pane's shell.
    await panes.nth(1).locator('.xterm').click();
    await page.keyboard.type('echo "mark=$PROFILE_MARK"\n');
    await expect.poll(() => panes.nth(1).locator('.xterm-rows').innerText()).toMatch(/^mark=from-profile\s*$/m);

    await page.getByTestId('tab').nth(0).click();
    await expect.poll(() => panes.count()).toBe(1);
    await page.getByTestId('pane-split-down').click();
    await expect.poll(() => panes.count()).toBe(2);
    for (const index of [0, 1]) expect(await backgroundOf(panes.nth(index))).not.toBe('rgb(40, 42, 54)');
  });

  it('refuses a directory that does not exist next to the field, and a program deleted after the save opens a tab that says why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ct-e2e-profile-'));
    const program = join(dir, 'tool');
    writeFileSync(program, '#!/bin/sh\nexec /bin/sh\n', { mode: 0o755 });
    try {
      await page.getByTestId('settings-open').click();
      await page.getByTestId('profile-add').click();
      const card = page.getByTestId('profile-card').last();
      await card.getByTestId('profile-name').fill('Gone later');
      await card.getByTestId('profile-command').fill(program);
      await card.getByTestId('profile-cwd').fill(join(dir, 'nope'));
      await page.getByTestId('settings-save').click();
      await card.getByText(`Profile "Gone later": directory does not exist: ${join(dir, 'nope')}`).waitFor();
      await card.getByTestId('profile-cwd').fill(dir);
      await page.getByTestId('settings-save').click();
      await card.getByText(/directory does not exist/).waitFor({ state: 'detached' });
      await page.getByTestId('settings-close').click();

      rmSync(program);
      const tabs = await page.getByTestId('tab').count();
      await page.getByTestId('tab-new-profile').click();
      await page.getByTestId('profile-item').filter({ hasText: 'Gone later' }).click();
      await expect.poll(() => page.getByTestId('tab').count()).toBe(tabs + 1);
      await waitForTerminalText(
        page,
        new RegExp(`Profile "Gone later": program not found: ${program.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
      await waitForTerminalText(page, /process exited with code 127/);
      await page.getByTestId('tab').filter({ hasText: 'Gone later: cannot start' }).waitFor();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
