// SPDX-License-Identifier: MIT
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

/**
 * The Ctrl+Space completion menu (issue 43 item 3) in real Chromium with a real bash: `git ch` lists
 * git's `checkout` and `cherry-pick` from its Fig spec; Enter types the selected one at the prompt
 * without running it; typing filters; Esc closes; the terminal's files are offered.
 */

let app: OpenApp;
let page: Page;

const menu = (): Locator => page.getByTestId('completion-menu');
const item = (text: string): Locator => page.locator(`[data-testid="completion-item"][data-text="${text}"]`);
const selectedText = (): Promise<string | null> =>
  page.locator('[data-testid="completion-item"][aria-selected="true"]').getAttribute('data-text');
const commands = (): Locator => page.getByTestId('command-item');

/** Runs a line and waits for its finished row in the Commands list. */
const run = async (line: string): Promise<void> => {
  const before = await commands().count();
  await typeInTerminal(page, `${line}\n`);
  await expect.poll(() => commands().count(), { timeout: 30_000 }).toBe(before + 1);
  await expect.poll(() => commands().nth(before).getAttribute('data-exit-code'), { timeout: 30_000 }).not.toBe('');
};

/** Moves the selection down until `text` is selected (the order is fuzzysort's, not fixed here). */
const selectItem = async (text: string): Promise<void> => {
  const count = await page.getByTestId('completion-item').count();
  for (let i = 0; i < count && (await selectedText()) !== text; i++) await page.keyboard.press('ArrowDown');
  expect(await selectedText()).toBe(text);
};

beforeAll(async () => {
  app = await openApp({ integrated: true });
  page = app.page;
});

afterAll(() => app?.close());

describe('the Ctrl+Space completion menu', () => {
  it('lists checkout and cherry-pick for `git ch`, and Enter inserts the selected one without running it', async () => {
    await typeInTerminal(page, 'git ch');
    await waitForTerminalText(page, /[$#] git ch\s*$/u);
    await page.keyboard.press('Control+Space');
    await menu().waitFor();
    await item('checkout').waitFor({ timeout: 20_000 });
    await item('cherry-pick').waitFor();
    expect(await item('checkout').innerText()).toMatch(/switch branches/i);
    expect(await page.getByRole('listbox', { name: 'Completions' }).count()).toBe(1);
    await page.screenshot({ path: '/tmp/completion-menu.png' });

    await selectItem('checkout');
    const count = await commands().count();
    await page.keyboard.press('Enter');
    await menu().waitFor({ state: 'detached' });
    await waitForTerminalText(page, /[$#] git checkout\s*$/u);
    // Nothing ran: clear the line and run a marker, which is the only new row.
    await page.keyboard.press('Control+u');
    await run('echo completion-marker');
    expect(await commands().count()).toBe(count + 1);
    expect(await commands().last().locator('.command-line').innerText()).toBe('echo completion-marker');
  });

  it('filters as the user types, and Esc closes it leaving the line as typed', async () => {
    await typeInTerminal(page, 'git ');
    await waitForTerminalText(page, /[$#] git\s*$/u);
    await page.keyboard.press('Control+Space');
    await item('cherry-pick').waitFor({ timeout: 20_000 });
    await page.keyboard.type('cherr');
    await expect.poll(() => selectedText()).toBe('cherry-pick');
    await expect.poll(() => item('checkout').count()).toBe(0);
    await page.keyboard.press('Escape');
    await menu().waitFor({ state: 'detached' });
    await waitForTerminalText(page, /[$#] git cherr\s*$/u);
    await page.keyboard.press('Control+u');
  });

  it("offers the terminal's files, and Tab inserts too", async () => {
    await run('mkdir -p /tmp/ctx-completion-e2e && cd /tmp/ctx-completion-e2e && touch alpha-notes.txt');
    await typeInTerminal(page, 'cat al');
    await waitForTerminalText(page, /[$#] cat al\s*$/u);
    await page.keyboard.press('Control+Space');
    await item('alpha-notes.txt').waitFor({ timeout: 20_000 });
    await selectItem('alpha-notes.txt');
    await page.keyboard.press('Tab');
    await menu().waitFor({ state: 'detached' });
    await waitForTerminalText(page, /[$#] cat alpha-notes\.txt\s*$/u);
    await page.keyboard.press('Control+u');
  });

  it("offers the user's own past arguments for the program, never a secret-shaped line's", async () => {
    await run('git checkout e2e-past-branch-41 2>/dev/null; true');
    await run('git checkout ghp_0123456789abcdefghijABCDEFGHIJ012345 2>/dev/null; true');
    await typeInTerminal(page, 'git checkout e2e');
    await waitForTerminalText(page, /[$#] git checkout e2e\s*$/u);
    await page.keyboard.press('Control+Space');
    const past = item('e2e-past-branch-41');
    await past.waitFor({ timeout: 20_000 });
    expect(await past.getAttribute('data-kind')).toBe('history');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+u');
    await typeInTerminal(page, 'git checkout gh');
    await waitForTerminalText(page, /[$#] git checkout gh\s*$/u);
    await page.keyboard.press('Control+Space');
    await expect.poll(() => menu().getAttribute('data-loading'), { timeout: 20_000 }).toBe('false');
    expect(await page.locator('[data-testid="completion-item"][data-kind="history"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+u');
  });

  it('leaves Ctrl+Space to a running program', async () => {
    await typeInTerminal(page, 'cat\n');
    await expect.poll(() => commands().last().locator('.command-line').innerText(), { timeout: 20_000 }).toBe('cat');
    await page.keyboard.press('Control+Space');
    await waitForTerminalText(page, /[$#] cat\s*\n\^@\s*$/u);
    expect(await menu().count()).toBe(0);
    await page.keyboard.press('Control+c');
    await expect.poll(() => commands().last().getAttribute('data-exit-code'), { timeout: 20_000 }).not.toBe('');
  });
});
