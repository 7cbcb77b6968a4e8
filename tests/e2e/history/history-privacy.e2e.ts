// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../integration/cli/cli-support';
import { openApp, openPage, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

let app: OpenApp;
let page: Page;

const items = () => page.getByTestId('command-item');
const itemWith = (text: string) => items().filter({ hasText: text });
const tabs = () => page.getByTestId('tab');

/** Searches all history and waits until the answer (results, which show their date, or "No matches.") is shown. */
const search = async (text: string): Promise<void> => {
  // From an empty box first, so the answer to an earlier search is not taken for this one's.
  await page.getByTestId('command-search').fill('');
  await page.locator('.command-session').first().waitFor({ state: 'detached' });
  await page.getByTestId('command-search').fill(text);
  await page
    .locator('.command-empty', { hasText: 'No matches.' })
    .or(page.locator('.command-session'))
    .first()
    .waitFor({ timeout: 10_000 });
};

const clearSearch = () => page.getByTestId('command-search').fill('');

/** What `bin/contexterm history search QUERY` finds in this app's data dir (command lines). */
const cliSearch = async (query: string): Promise<string[]> => {
  const run = await runCli(['history', 'search', query, '--data-dir', app.server.dataDir, '--json']);
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as Array<{ command_line: string | null }>).map((row) => row.command_line ?? '').sort();
};

/** Each pane's `data-private`, in order. */
const panesPrivate = async (): Promise<Array<string | null>> => {
  const panes = page.getByTestId('pane');
  const count = await panes.count();
  return Promise.all(Array.from({ length: count }, (_, i) => panes.nth(i).getAttribute('data-private')));
};

/** What Ctrl+R finds for `query`, opened in the active (recorded) terminal. */
const ctrlRSearch = async (query: string): Promise<string[]> => {
  await page.locator('[data-testid="terminal"]').click();
  await page.keyboard.press('Control+r');
  await page.getByTestId('history-search').waitFor();
  await page.getByTestId('history-search').fill(query);
  await page.getByTestId('history-result').first().waitFor({ timeout: 10_000 });
  await expect.poll(() => page.getByTestId('history-search-overlay').getAttribute('data-searching')).toBe('false');
  const lines = (await page.getByTestId('history-result').locator('.history-result-line').allInnerTexts()).sort();
  await page.keyboard.press('Escape');
  await page.getByTestId('history-search-overlay').waitFor({ state: 'detached' });
  return lines;
};

/** Opens a tab's menu with a right-click and picks the recording toggle. */
const toggleRecording = async (tabIndex: number, label: 'Pause recording' | 'Resume recording') => {
  await tabs().nth(tabIndex).click({ button: 'right' });
  const toggle = page.getByTestId('tab-recording-toggle');
  await toggle.waitFor();
  expect(await toggle.innerText()).toBe(label);
  await toggle.click();
};

beforeAll(async () => {
  app = await openApp();
  page = app.page;
});

afterAll(() => app?.close());

describe('history you control', () => {
  it('opens a private tab whose commands are never recorded or found', async () => {
    await page.getByTestId('tab-private').click();
    await expect.poll(() => tabs().count()).toBe(2);
    const privateTab = tabs().nth(1);
    await expect.poll(() => privateTab.getAttribute('data-private')).toBe('true');
    expect(await privateTab.getAttribute('data-recording')).toBe('private');
    expect(await privateTab.getAttribute('aria-selected')).toBe('true');
    expect(await tabs().nth(0).getAttribute('data-recording')).toBe('on');
    await page.locator('.terminal-pane[data-recording="private"]').waitFor();

    await typeInTerminal(page, 'echo private-marker-XYZ-$((40+2))\n');
    await waitForTerminalText(page, /^private-marker-XYZ-42\s*$/m);

    // A command in a normal tab is recorded: once it shows, the private one would have too.
    await tabs().nth(0).click();
    await typeInTerminal(page, 'echo normal-marker-$((40+2))\n');
    await itemWith('echo normal-marker').waitFor({ timeout: 15_000 });
    await tabs().nth(1).click();
    await expect.poll(() => page.getByTestId('commands-not-recorded').count()).toBe(1);
    expect(await items().count()).toBe(0);

    await search('normal-marker');
    await expect.poll(() => itemWith('echo normal-marker').count(), { timeout: 10_000 }).toBe(1);
    await search('private-marker');
    expect(await items().count()).toBe(0);
    await search('XYZ-42');
    expect(await items().count()).toBe(0);
    await clearSearch();

    await tabs().nth(1).getByTestId('tab-close').click();
    await expect.poll(() => tabs().count()).toBe(1);
  });

  it('forgets one command from its actions menu, at once and for search too', async () => {
    await typeInTerminal(page, 'echo forget-me-$((20+3))-out\n');
    await waitForTerminalText(page, /^forget-me-23-out\s*$/m);
    const item = itemWith('echo forget-me-');
    await item.waitFor({ timeout: 15_000 });
    await expect.poll(() => item.getAttribute('data-exit-code'), { timeout: 10_000 }).toBe('0');
    // Its output is searchable before it is forgotten.
    await search('forget-me-23-out');
    await expect.poll(() => itemWith('echo forget-me-').count(), { timeout: 10_000 }).toBe(1);
    await clearSearch();

    const before = await page.getByTestId('attachment-chip').count();
    await item.getByTestId('command-actions').click();
    await page.getByTestId('command-menu').waitFor();
    // Opening the menu is not a click on the row: nothing was attached.
    expect(await page.getByTestId('attachment-chip').count()).toBe(before);
    await page.getByTestId('command-forget').click();
    await expect.poll(() => itemWith('echo forget-me-').count()).toBe(0);
    await page.getByTestId('command-notice').filter({ hasText: 'Forgotten' }).waitFor();

    await search('forget-me-23-out');
    expect(await items().count()).toBe(0);
    await clearSearch();
  });

  it('takes a forgotten command out of the composer too', async () => {
    await typeInTerminal(page, 'echo attach-me-$((2+2))\n');
    const item = itemWith('echo attach-me-');
    await item.waitFor({ timeout: 15_000 });
    await item.click();
    const chip = page.getByTestId('attachment-chip').filter({ hasText: 'attach-me-' });
    await chip.waitFor();
    await item.getByTestId('command-actions').click();
    await page.getByTestId('command-forget').click();
    await expect.poll(() => chip.count()).toBe(0);
    expect(await itemWith('echo attach-me-').count()).toBe(0);
  });

  it('renames a tab from its menu', async () => {
    await tabs().nth(0).click({ button: 'right' });
    await page.getByTestId('tab-rename-start').click();
    const input = page.getByTestId('tab-rename');
    await input.waitFor();
    await input.fill('build box');
    await input.press('Enter');
    await expect.poll(() => tabs().nth(0).locator('.tab-title').innerText()).toBe('build box');
  });

  it('shows the storage size in settings and frees space', async () => {
    await page.getByTestId('settings-open').click();
    const size = page.getByTestId('storage-size');
    await size.waitFor();
    await expect.poll(async () => Number((await size.getAttribute('data-bytes')) || 0), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await size.innerText()).toMatch(/^Database: \d/);
    await page.getByTestId('storage-free').click();
    await page.getByTestId('storage-status').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('storage-status').innerText()).toMatch(/^(Freed|Done)/);
    expect(await page.getByTestId('storage-error').count()).toBe(0);
    expect(Number(await size.getAttribute('data-bytes'))).toBeGreaterThan(0);
    await page.getByTestId('settings-close').click();
    await page.getByTestId('settings-page').waitFor({ state: 'detached' });
  });

  it('forgets the last hour from settings, after asking, and the lists follow', async () => {
    await typeInTerminal(page, 'echo hour-marker-$((3+4))\n');
    await itemWith('echo hour-marker-').waitFor({ timeout: 15_000 });
    await page.getByTestId('settings-open').click();
    // Escape in the question closes only the question, not Settings, and forgets nothing.
    await page.getByTestId('history-forget-hour').click();
    await page.getByTestId('confirm-close').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('confirm-close').waitFor({ state: 'detached' });
    expect(await page.getByTestId('settings-page').count()).toBe(1);
    expect(await page.getByTestId('storage-status').count()).toBe(0);

    await page.getByTestId('history-forget-hour').click();
    await page.getByTestId('confirm-close').click();
    await page.getByTestId('storage-status').filter({ hasText: 'Forgotten' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('settings-close').click();
    await expect.poll(() => items().count()).toBe(0);
    await search('hour-marker');
    expect(await items().count()).toBe(0);
    await clearSearch();
  });

  it('pauses and resumes recording of a tab', async () => {
    await toggleRecording(0, 'Pause recording');
    await expect.poll(() => tabs().nth(0).getAttribute('data-recording')).toBe('paused');
    await tabs().nth(0).getByTestId('tab-paused-badge').waitFor();

    await typeInTerminal(page, 'echo paused-marker-$((1+1))\n');
    await waitForTerminalText(page, /^paused-marker-2\s*$/m);

    // Resume from the keyboard: Shift+F10 opens the tab's menu, the arrows reach the toggle.
    await page.getByTestId('terminal').click();
    await page.keyboard.press('Shift+F10');
    await page.getByTestId('tab-menu').waitFor();
    await page.waitForFunction("document.activeElement?.getAttribute('role') === 'menuitem'");
    expect(await page.getByTestId('tab-recording-toggle').innerText()).toBe('Resume recording');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => tabs().nth(0).getAttribute('data-recording')).toBe('on');
    expect(await tabs().nth(0).getByTestId('tab-paused-badge').count()).toBe(0);

    await typeInTerminal(page, 'echo resumed-marker-$((1+1))\n');
    await itemWith('echo resumed-marker').waitFor({ timeout: 15_000 });
    expect(await itemWith('paused-marker').count()).toBe(0);
    await search('paused-marker');
    expect(await items().count()).toBe(0);
    await clearSearch();
  });

  it('drops what one window forgot from the others too', async () => {
    const other = await openPage(app.browser, app.server.url);
    try {
      await typeInTerminal(page, 'echo both-windows-$((5+5))\n');
      await itemWith('echo both-windows-').waitFor({ timeout: 15_000 });
      const there = other.getByTestId('command-item').filter({ hasText: 'echo both-windows-' });
      await there.waitFor({ timeout: 15_000 });
      await itemWith('echo both-windows-').getByTestId('command-actions').click();
      await page.getByTestId('command-forget').click();
      await expect.poll(() => there.count(), { timeout: 10_000 }).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('keeps a split of a private pane private: nothing it runs is found anywhere, and both panes say so', async () => {
    await page.getByTestId('tab-private').click();
    await expect.poll(() => tabs().count()).toBe(2);
    const privateTab = tabs().nth(1);
    await expect.poll(() => privateTab.getAttribute('data-private')).toBe('true');
    const first = await privateTab.getAttribute('data-pty-id');
    await page.getByTestId('pane-split-right').click();
    await expect.poll(() => privateTab.getAttribute('data-panes')).toBe('2');
    // The new pane has the keyboard (and the `terminal` hook): the split's own shell runs this.
    await expect.poll(() => page.locator('[data-testid="pane"][aria-selected="true"]').getAttribute('data-session-id')).not.toBe(first);
    await typeInTerminal(page, 'echo lineagetok-split-$((40+2))\n');
    await waitForTerminalText(page, /^lineagetok-split-42\s*$/m);

    // A recorded command after it: once that one is found, the split's would have been too.
    await tabs().nth(0).click();
    await typeInTerminal(page, 'echo lineagetok-recorded-$((40+2))\n');
    await itemWith('echo lineagetok-recorded').waitFor({ timeout: 15_000 });

    await search('lineagetok');
    await expect.poll(() => itemWith('echo lineagetok-recorded').count(), { timeout: 10_000 }).toBe(1);
    expect(await itemWith('lineagetok-split').count()).toBe(0);
    await clearSearch();
    expect(await cliSearch('lineagetok')).toEqual(['echo lineagetok-recorded-$((40+2))']);
    expect(await ctrlRSearch('lineagetok')).toEqual(['echo lineagetok-recorded-$((40+2))']);

    // Both panes are marked private, and so is the tab, whichever pane has the keyboard.
    await privateTab.click();
    const panes = page.getByTestId('pane');
    await expect.poll(() => panes.count()).toBe(2);
    expect(await panesPrivate()).toEqual(['true', 'true']);
    await privateTab.getByTestId('tab-private-badge').waitFor();
    await panes.first().click();
    await expect.poll(() => panes.first().getAttribute('aria-selected')).toBe('true');
    expect(await privateTab.getAttribute('data-private')).toBe('true');
    await privateTab.getByTestId('tab-private-badge').waitFor();

    // A reload attaches the same terminals again: still private, as main says, not as the page remembered.
    await page.reload();
    await page.locator('[data-testid="terminal"] .xterm').waitFor();
    await expect.poll(() => tabs().count()).toBe(2);
    await tabs().nth(1).click();
    await expect.poll(() => page.getByTestId('pane').count()).toBe(2);
    expect(await panesPrivate()).toEqual(['true', 'true']);
    expect(await tabs().nth(1).getAttribute('data-private')).toBe('true');

    await tabs().nth(1).getByTestId('tab-close').click();
    await expect.poll(() => tabs().count()).toBe(1);
  });
});
