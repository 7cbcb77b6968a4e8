// SPDX-License-Identifier: MIT
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, terminalText, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

/**
 * The Ctrl+R history search (issue 24) in real Chromium with a real bash: a command run in a tab
 * that was closed since is found by a fuzzy query (a letter skipped) and put at the prompt without
 * running; the filters narrow the list; Ctrl+Enter runs the selected command; while a program runs,
 * Ctrl+R is the program's.
 */

const DISTINCT = 'echo zebra-quokka-7731';

let app: OpenApp;
let page: Page;

const items = (): Locator => page.getByTestId('command-item');
const overlay = (): Locator => page.getByTestId('history-search-overlay');
const results = (): Locator => page.getByTestId('history-result');
const resultLines = async (): Promise<string[]> => (await results().locator('.history-result-line').allInnerTexts()).sort();

/** Runs a line in the active terminal and waits for its finished row; returns the row's command id. */
const run = async (commandLine: string): Promise<string> => {
  const before = await items().count();
  await typeInTerminal(page, `${commandLine}\n`);
  await expect.poll(() => items().count(), { timeout: 30_000 }).toBe(before + 1);
  const item = items().nth(before);
  expect(await item.locator('.command-line').innerText()).toBe(commandLine);
  await expect.poll(() => item.getAttribute('data-exit-code'), { timeout: 30_000 }).not.toBe('');
  return (await item.getAttribute('data-command-id'))!;
};

/** Opens the overlay with Ctrl+R in the active terminal and waits for its first answer. */
const openSearch = async (): Promise<void> => {
  await page.locator('[data-testid="terminal"]').click();
  await page.keyboard.press('Control+r');
  await page.getByTestId('history-search').waitFor();
  await expect.poll(() => overlay().getAttribute('data-searching'), { timeout: 30_000 }).toBe('false');
};

/** Types a query and waits until the list shows exactly `lines` (sorted). */
const searchFor = async (query: string, lines: string[]): Promise<void> => {
  await page.getByTestId('history-search').fill(query);
  await expect.poll(resultLines, { timeout: 10_000 }).toEqual([...lines].sort());
};

const closeSearch = async (): Promise<void> => {
  await page.keyboard.press('Escape');
  await overlay().waitFor({ state: 'detached' });
};

beforeAll(async () => {
  app = await openApp({ integrated: true });
  page = app.page;
});

afterAll(() => app?.close());

describe('the Ctrl+R history search', () => {
  let closedId: string;

  it('finds a command from a closed tab with a fuzzy query and inserts it at the prompt without running it', async () => {
    const tabs = page.getByTestId('tab');
    await page.getByTestId('tab-new').click();
    await expect.poll(() => tabs.count()).toBe(2);
    await page.locator('[data-testid="segmentation-mode"][data-mode="integrated"]').waitFor({ timeout: 20_000 });
    closedId = await run(DISTINCT);
    await tabs.nth(1).getByTestId('tab-close').click();
    await expect.poll(() => tabs.count()).toBe(1);
    const count = await items().count();

    await openSearch();
    // "zbra" skips the e: no word starts so, only the fuzzy match finds it.
    await page.getByTestId('history-search').fill('zbra quokka');
    const found = page.locator(`[data-testid="history-result"][data-command-id="${closedId}"]`);
    await found.waitFor({ timeout: 10_000 });
    await expect.poll(() => found.getAttribute('aria-selected')).toBe('true');
    expect(await found.getByTestId('history-result-exit').innerText()).toBe('✓ 0');
    await expect.poll(() => page.getByTestId('history-preview').innerText()).toBe('zebra-quokka-7731');

    await page.keyboard.press('Enter');
    await overlay().waitFor({ state: 'detached' });
    await waitForTerminalText(page, /[$#] echo zebra-quokka-7731\s*$/u);
    // Clear the line (Ctrl+U) and run a marker: had the command run, its row would come before the marker's.
    await page.keyboard.press('Control+u');
    const marker = await run('echo hs-marker');
    expect(await items().count()).toBe(count + 1);
    expect(await items().nth(count).getAttribute('data-command-id')).toBe(marker);
    expect(await terminalText(page)).not.toMatch(/^zebra-quokka-7731\s*$/mu);
  });

  it('narrows with the filters: failed only hides successes, this directory hides other folders', async () => {
    await run('mkdir -p /tmp/hs-e2e-dir && cd /tmp/hs-e2e-dir');
    await run('echo hsfilter-here');
    await run('ls hsfilter-missing');
    await run('cd /');
    await run('echo hsfilter-root');
    await run('cd /tmp/hs-e2e-dir');

    await openSearch();
    await searchFor('hsfilter', ['echo hsfilter-here', 'ls hsfilter-missing', 'echo hsfilter-root']);
    await page.keyboard.press('Alt+f');
    await expect.poll(() => page.getByTestId('history-filter-failed').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(resultLines).toEqual(['ls hsfilter-missing']);
    expect(await results().first().getByTestId('history-result-exit').innerText()).toMatch(/^✗ [1-9]/u);
    await page.keyboard.press('Alt+f');
    await expect.poll(resultLines).toEqual(['echo hsfilter-here', 'echo hsfilter-root', 'ls hsfilter-missing']);
    await page.keyboard.press('Alt+d');
    await expect.poll(() => page.getByTestId('history-filter-cwd').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(resultLines).toEqual(['echo hsfilter-here', 'ls hsfilter-missing']);
    expect(await results().first().getByTestId('history-result-cwd').innerText()).toBe('/tmp/hs-e2e-dir');
    await closeSearch();
    // Esc gives the keyboard back to the terminal.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (
              globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } | null } }
            ).document.activeElement?.closest('[data-testid="terminal"]') != null,
        ),
      )
      .toBe(true);
  });

  it('runs the selected command with Ctrl+Enter', async () => {
    const count = await items().count();
    await openSearch();
    await searchFor('hsfilter-root', ['echo hsfilter-root']);
    await page.keyboard.press('Control+Enter');
    await overlay().waitFor({ state: 'detached' });
    await expect.poll(() => items().count(), { timeout: 30_000 }).toBe(count + 1);
    expect(await items().nth(count).locator('.command-line').innerText()).toBe('echo hsfilter-root');
    await waitForTerminalText(page, /^hsfilter-root\s*$/mu);
  });

  it('counts every match (history-count) and scrolls past the first page to a filtered failure beyond the 50th', async () => {
    const count = await items().count();
    // Sixty failures, each its own command (typed ahead: bash runs them one prompt at a time).
    const lines = Array.from({ length: 60 }, (_, i) => `(exit 3) # hspage-${String(i).padStart(2, '0')}`);
    await typeInTerminal(page, `${lines.join('\n')}\n`);
    await expect.poll(() => items().count(), { timeout: 90_000 }).toBe(count + 60);
    await expect.poll(() => items().last().getAttribute('data-exit-code'), { timeout: 30_000 }).toBe('3');

    await openSearch();
    await page.keyboard.press('Alt+f');
    await expect.poll(() => page.getByTestId('history-filter-failed').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('history-search').fill('hspage');
    const counter = page.getByTestId('history-count');
    await expect.poll(() => counter.getAttribute('data-total'), { timeout: 10_000 }).toBe('60');
    expect(await counter.innerText()).toBe('60 matches');
    expect(await results().count()).toBe(50);
    // Equal matches rank newest first: the oldest failure is the 60th, past the first page.
    const oldest = page.locator('[data-testid="history-result"]', { hasText: 'hspage-00' });
    expect(await oldest.count()).toBe(0);
    // Scrolling to the end of the list loads the next page.
    await results().last().scrollIntoViewIfNeeded();
    await expect.poll(() => results().count(), { timeout: 10_000 }).toBe(60);
    // And the keyboard reaches it.
    for (let i = 0; i < 6; i++) await page.keyboard.press('PageDown');
    await expect.poll(() => oldest.getAttribute('aria-selected')).toBe('true');
    expect(await counter.getAttribute('data-total')).toBe('60');
    await closeSearch();
  }, 180_000);

  it('leaves Ctrl+R to a running program', async () => {
    await typeInTerminal(page, 'cat\n');
    await waitForTerminalText(page, /[$#] cat\s*$/u);
    // The command's row appears as it starts: from then on the shell is not at its prompt.
    await expect.poll(() => items().last().locator('.command-line').innerText(), { timeout: 20_000 }).toBe('cat');
    await page.keyboard.press('Control+r');
    await waitForTerminalText(page, /[$#] cat\s*\n\^R\s*$/u);
    expect(await overlay().count()).toBe(0);
    await page.keyboard.press('Control+c');
    await expect.poll(() => items().last().getAttribute('data-exit-code'), { timeout: 20_000 }).not.toBe('');
  });

  it('opens from the palette too', async () => {
    await page.locator('[data-testid="terminal"]').click();
    await page.keyboard.press('Control+Shift+P');
    await page.getByTestId('command-palette').waitFor();
    await page.getByTestId('palette-input').fill('search command history');
    await page.keyboard.press('Enter');
    await page.getByTestId('history-search').waitFor();
    await expect.poll(() => results().count()).toBeGreaterThan(0);
    await closeSearch();
  });

  it('gives Ctrl+R back to the shell when the setting says so', async () => {
    await page.getByTestId('settings-open').click();
    await page.getByTestId('terminal-ctrl-r').selectOption('shell');
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-status').innerText()).toMatch(/Saved/);
    await page.getByTestId('settings-close').click();
    await page.locator('[data-testid="terminal"]').click();
    await page.keyboard.press('Control+r');
    // bash's own incremental search prompt.
    await waitForTerminalText(page, /\(reverse-i-search\)`':\s*$/u);
    expect(await overlay().count()).toBe(0);
    await page.keyboard.press('Control+g');
  });
});
