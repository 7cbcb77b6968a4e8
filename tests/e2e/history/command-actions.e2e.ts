// SPDX-License-Identifier: MIT
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, openPage, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

/**
 * Command actions (issue 14): the full-output viewer and copy-output read every line from the
 * store, beyond the terminal's 10,000-line scrollback; rerun runs a command again in its tab.
 * With CT_SCREENSHOTS=<dir> it also saves the menu and the viewer, dark and light.
 */

const LINES = 50_000;
const SHOTS = process.env.CT_SCREENSHOTS;

let app: OpenApp;
let page: Page;

/** The page's clipboard writes, kept in the page: no OS clipboard (or permission) in the way. */
const captureClipboard = (target: Page) =>
  target.addInitScript(() => {
    const w = globalThis as unknown as { copied: string[]; navigator: { clipboard: object } };
    w.copied = [];
    Object.defineProperty(w.navigator.clipboard, 'writeText', {
      configurable: true,
      value: async (text: string) => void w.copied.push(text),
    });
  });

const copied = (target: Page = page) => target.evaluate(() => (globalThis as unknown as { copied: string[] }).copied);

const items = (target: Page = page) => target.getByTestId('command-item');
const itemWith = (text: string, target: Page = page) => items(target).filter({ hasText: text });
const viewer = (target: Page = page) => target.getByTestId('output-viewer');
const viewerRows = (target: Page = page) => viewer(target).locator('.xterm-rows');

/** Runs a command in the active terminal and waits for its finished `command-item`. */
const run = async (commandLine: string, target: Page = page) => {
  const before = await itemWith(commandLine, target).count();
  await typeInTerminal(target, `${commandLine}\n`);
  const item = itemWith(commandLine, target).nth(before);
  await item.waitFor({ timeout: 30_000 });
  await expect.poll(() => item.getAttribute('data-exit-code'), { timeout: 60_000 }).not.toBe('');
  return item;
};

const openMenu = async (item: ReturnType<typeof itemWith>, target: Page = page) => {
  await item.hover();
  await item.getByTestId('command-actions').click();
  await target.getByTestId('command-menu').waitFor();
};

const shot = async (target: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: join(SHOTS, `${name}.png`) });
};

beforeAll(async () => {
  app = await openApp({ colorScheme: 'dark', beforeLoad: captureClipboard });
  page = app.page;
});

afterAll(() => app?.close());

describe('command actions', () => {
  it(`opens every line of a ${LINES.toLocaleString()}-line output in the viewer, read from the store`, async () => {
    const item = await run(`seq 1 ${LINES}`);
    expect(await item.getAttribute('data-exit-code')).toBe('0');
    const id = await item.getAttribute('data-command-id');
    await openMenu(item);
    await shot(page, 'menu-dark');
    await page.getByTestId('command-open-output').click();

    await viewer().waitFor();
    expect(await viewer().getAttribute('data-command-id')).toBe(id);
    // `seq` ends with a newline: 50000 lines, as `wc -l` counts them (no trailing empty line).
    await expect.poll(() => viewer().getAttribute('data-lines'), { timeout: 30_000 }).toBe(String(LINES));
    await page.locator('[data-testid="output-viewer"][data-state="ready"]').waitFor({ timeout: 60_000 });
    // It opens at the top: the first line, which left the terminal's scrollback long ago.
    expect((await viewerRows().innerText()).split('\n')[0]?.trim()).toBe('1');
    await shot(page, 'viewer-dark');

    const search = page.getByTestId('output-viewer-search');
    const count = page.getByTestId('output-viewer-count');
    await search.fill('49999');
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toBe('1 of 1');
    await expect.poll(async () => (await viewerRows().innerText()).split('\n').map((line) => line.trim())).toContain('49999');
    await search.fill(String(LINES));
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toBe('1 of 1');
    await expect.poll(async () => (await viewerRows().innerText()).split('\n').map((line) => line.trim())).toContain(String(LINES));
    await shot(page, 'viewer-search-dark');

    // The first line by itself: a regular expression, so "1" does not also match 10, 21, 100…
    await page.getByTestId('output-viewer-regex').click();
    await search.fill('^1$');
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toBe('1 of 1');
    await expect.poll(async () => (await viewerRows().innerText()).split('\n')[0]?.trim()).toBe('1');

    // Escape closes it and gives the keyboard back to the terminal.
    await search.press('Escape');
    await viewer().waitFor({ state: 'detached' });
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

  it(`copies all ${LINES.toLocaleString()} lines of the output`, async () => {
    const item = itemWith(`seq 1 ${LINES}`).first();
    const before = (await copied()).length;
    await openMenu(item);
    await page.getByTestId('command-copy-output').click();
    await expect.poll(async () => (await copied()).length, { timeout: 30_000 }).toBe(before + 1);
    const text = (await copied()).at(-1)!;
    const lines = text.split('\n');
    expect(lines.at(-1)).toBe('');
    lines.pop();
    expect(lines).toHaveLength(LINES);
    const wrong = lines.findIndex((line, i) => line !== String(i + 1));
    expect(wrong).toBe(-1);
    await page.getByTestId('command-notice').filter({ hasText: 'Copied' }).waitFor();
  });

  it('reruns a command in its own terminal', async () => {
    const item = await run('echo rerun-$((40+2))');
    await waitForTerminalText(page, /^rerun-42\s*$/m);
    await openMenu(item);
    await page.getByTestId('command-rerun').click();
    await expect.poll(() => itemWith('echo rerun-$((40+2))').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => itemWith('echo rerun-$((40+2))').nth(1).getAttribute('data-exit-code'), { timeout: 20_000 }).toBe('0');
    // In the same tab: no tab was opened for it.
    expect(await page.getByTestId('tab').count()).toBe(1);
    await expect
      .poll(async () => ((await page.locator('[data-testid="terminal"] .xterm-rows').innerText()).match(/^rerun-42\s*$/gm) ?? []).length)
      .toBe(2);
  });

  it('reruns a command of an ended session in a new tab, in its directory', async () => {
    const tabs = page.getByTestId('tab');
    await page.getByTestId('tab-new').click();
    await expect.poll(() => tabs.count()).toBe(2);
    await page.locator('[data-testid="segmentation-mode"][data-mode="integrated"]').waitFor({ timeout: 20_000 });
    await run('cd /tmp');
    await run('echo ended-$((3*3)) in $PWD');
    await typeInTerminal(page, 'exit\n');
    // exit closes its pane, and with its only pane the tab (Settings → Terminal → "When the shell exits").
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="tab"]').length === 1);

    await page.getByTestId('command-search').fill('ended');
    const found = itemWith('echo ended-$((3*3))');
    await expect.poll(() => found.count(), { timeout: 10_000 }).toBe(1);
    await openMenu(found);
    await page.getByTestId('command-rerun').click();
    await expect.poll(() => tabs.count(), { timeout: 20_000 }).toBe(2);
    await waitForTerminalText(page, /^ended-9 in \/tmp\s*$/m, 20_000);
    await page.getByTestId('command-search').fill('');
    await tabs.nth(1).getByTestId('tab-close').click();
    await expect.poll(() => tabs.count()).toBe(1);
  });

  it('opens the same actions from a gutter mark, whose click still attaches the command', async () => {
    const item = itemWith('echo rerun-$((40+2))').first();
    const id = (await item.getAttribute('data-command-id'))!;
    const mark = page.locator(`.command-gutter[data-command-id="${id}"]`);
    await mark.waitFor();
    await mark.click({ button: 'right' });
    const menu = page.getByTestId('command-menu');
    await menu.waitFor();
    await menu.getByTestId('command-open-output').waitFor();
    await menu.getByTestId('command-rerun').waitFor();
    await shot(page, 'gutter-menu-dark');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await mark.click();
    await page.getByTestId('attachment-chip').filter({ hasText: 'echo rerun-' }).waitFor();
  });

  it('puts "Explain this failure" in the composer with the command attached when no model is set up', async () => {
    const item = await run('ls /definitely/not/here-$((1+2))');
    expect(Number(await item.getAttribute('data-exit-code'))).toBeGreaterThan(0);
    await openMenu(item);
    await page.getByTestId('command-explain').click();
    await page.getByTestId('attachment-chip').filter({ hasText: 'ls /definitely/not/here-' }).waitFor();
    await expect.poll(() => page.getByTestId('assistant-input').inputValue()).toContain('Explain this failure');
  });

  it('shows the menu and the viewer in the light theme too', async () => {
    if (!SHOTS) return;
    const light = await openPage(app.browser, app.server.url, { colorScheme: 'light', integrated: true, beforeLoad: captureClipboard });
    try {
      const item = itemWith('ls /definitely/not/here-', light).first();
      // The list shows the active tab's session: the same terminal, attached again in this page.
      await item.waitFor({ timeout: 15_000 });
      await openMenu(item, light);
      await shot(light, 'menu-light');
      await light.getByTestId('command-open-output').click();
      await light.locator('[data-testid="output-viewer"][data-state="ready"]').waitFor({ timeout: 30_000 });
      await shot(light, 'viewer-light');
    } finally {
      await light.close();
    }
  });
});
