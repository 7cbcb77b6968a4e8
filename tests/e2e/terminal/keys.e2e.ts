// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

/** Page-side globals; the test project has no DOM types. */
interface PageGlobals {
  __opened: string[];
  open: (url?: string) => null;
  document: {
    activeElement: { closest(selector: string): unknown } | null;
    querySelector(selector: string): { innerText: string } | null;
    querySelectorAll(selector: string): { length: number };
  };
  getComputedStyle(element: unknown): { fontSize: string };
}

let app: OpenApp;
let page: Page;

const paneCount = (n: number) =>
  page.waitForFunction(
    (count) => (globalThis as unknown as PageGlobals).document.querySelectorAll('[data-testid="pane"]').length === count,
    n,
  );
const panes = () => page.getByTestId('pane').count();
const fontSize = () => page.getByTestId('terminal').getAttribute('data-font-size');
const fontSizeIs = (size: number) => page.locator(`[data-testid="terminal"][data-font-size="${size}"]`).waitFor();
/** The focus is in the active terminal (xterm's input element). */
const terminalFocused = () =>
  page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.activeElement?.closest('[data-testid="terminal"]') != null);
/** The row of the active terminal that shows exactly `text` (output, not the command line that printed it). */
const outputRow = (text: string) =>
  page
    .locator('[data-testid="terminal"] .xterm-rows > div')
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*$`) })
    .last();

/** A point `x` pixels into a terminal row (rows let the pointer through to xterm's screen, which takes it). */
const pointIn = async (row: ReturnType<typeof outputRow>, x: number) => {
  const box = (await row.boundingBox())!;
  return { x: box.x + x, y: box.y + box.height / 2 };
};

beforeAll(async () => {
  app = await openApp({
    // Links in browser mode open with window.open: recorded here instead of opening anything.
    beforeLoad: (p) =>
      p.addInitScript(() => {
        const page = globalThis as unknown as PageGlobals;
        page.__opened = [];
        page.open = (url?: string) => (page.__opened.push(String(url)), null);
      }),
  });
  page = app.page;
});

afterAll(() => app?.close());

describe('keyboard and mouse habits', () => {
  it('runs an action from the command palette, and Escape goes back to the terminal', async () => {
    await page.getByTestId('terminal').click();
    await page.keyboard.press('Control+Shift+P');
    const palette = page.getByTestId('command-palette');
    await palette.waitFor();
    expect(await page.getByTestId('palette-item').count()).toBeGreaterThan(20);
    await page.getByTestId('palette-input').fill('split right');
    const first = page.getByTestId('palette-item').first();
    expect(await first.innerText()).toMatch(/Split right\s*Ctrl\+Shift\+D/);
    await page.keyboard.press('Enter');
    await paneCount(2);
    await palette.waitFor({ state: 'detached' });
    await terminalFocused();

    await page.keyboard.press('Control+Shift+P');
    await palette.waitFor();
    await page.keyboard.type('zzz-nothing');
    await page.getByText('No command matches').waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    await terminalFocused();
    expect(await panes()).toBe(2);
  });

  it('zooms the font of every terminal with Ctrl+= / Ctrl+- / Ctrl+0, across a reload', async () => {
    await fontSizeIs(14);
    await page.keyboard.press('Control+Equal');
    await fontSizeIs(15);
    await page.keyboard.press('Control+Shift+Equal');
    await fontSizeIs(16);
    await page.keyboard.press('Control+Minus');
    await fontSizeIs(15);
    // The terminal itself is drawn at that size, and so is the other pane.
    expect(
      await page
        .locator('[data-testid="terminal"] .xterm-rows')
        .evaluate((rows) => (globalThis as unknown as PageGlobals).getComputedStyle(rows).fontSize),
    ).toBe('15px');
    expect(await page.getByTestId('pane-terminal').getAttribute('data-font-size')).toBe('15');

    await page.reload();
    await page.getByTestId('terminal').waitFor();
    await fontSizeIs(15);
    await page.getByTestId('terminal').click();
    await page.keyboard.press('Control+0');
    await fontSizeIs(14);
    expect(await fontSize()).toBe('14');
  });

  it('opens a printed URL on Ctrl+click only; a plain click opens nothing', async () => {
    await typeInTerminal(page, 'echo https://example.com/x\r');
    const row = outputRow('https://example.com/x');
    await row.waitFor();
    const onLink = await pointIn(row, 24);

    // Resting on the link: plain text until Ctrl is held, then underlined with a hand pointer.
    await page.mouse.move(onLink.x, onLink.y);
    expect(await page.locator('[data-testid="terminal"] .xterm-cursor-pointer').count()).toBe(0);
    await page.keyboard.down('Control');
    await page.locator('[data-testid="terminal"] .xterm-cursor-pointer').waitFor();
    await page.keyboard.up('Control');
    await page.locator('[data-testid="terminal"] .xterm-cursor-pointer').waitFor({ state: 'detached' });

    await page.mouse.click(onLink.x, onLink.y);
    await page.keyboard.down('Control');
    await page.mouse.click(onLink.x, onLink.y);
    await page.keyboard.up('Control');
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__opened.length > 0);
    // Exactly one: the Ctrl+click's. The plain click came first and opened nothing.
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__opened)).toEqual(['https://example.com/x']);
  });

  it('offers a right-click menu whose Clear empties the screen, with the command’s actions on its output', async () => {
    await typeInTerminal(page, 'echo clear-me-$((6*7))\r');
    const row = outputRow('clear-me-42');
    await row.waitFor();
    const onOutput = await pointIn(row, 10);
    await page.mouse.click(onOutput.x, onOutput.y, { button: 'right' });
    const menu = page.getByTestId('terminal-menu');
    await menu.waitFor();
    expect(await page.getByTestId('terminal-copy').isDisabled()).toBe(true);
    for (const id of ['terminal-paste', 'terminal-select-all', 'terminal-split-right', 'terminal-split-down', 'terminal-find'])
      await page.getByTestId(id).waitFor();
    expect(await page.getByTestId('terminal-command-attach').innerText()).toContain('echo clear-me-$((6*7))');
    // "Actions for …" opens the command's own menu (the one its gutter mark and list row open).
    await page.getByTestId('terminal-command-actions').click();
    await page.getByTestId('command-menu').waitFor();
    await page.getByTestId('command-open-output').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('command-menu').waitFor({ state: 'detached' });

    await page.mouse.click(onOutput.x, onOutput.y, { button: 'right' });
    await menu.waitFor();
    await page.getByTestId('terminal-clear').click();
    await menu.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () =>
        !(globalThis as unknown as PageGlobals).document
          .querySelector('[data-testid="terminal"] .xterm-rows')
          ?.innerText.includes('clear-me'),
    );
    await terminalFocused();
  });

  it('finds with the regex toggle, and says so when the expression is broken', async () => {
    await typeInTerminal(page, 'echo hello\r');
    await waitForTerminalText(page, /^hello\s*$/m);
    await page.keyboard.press('Control+Shift+F');
    const input = page.getByTestId('find-input');
    await input.waitFor();
    const regex = page.getByTestId('find-regex');
    expect(await regex.getAttribute('aria-pressed')).toBe('false');
    await regex.click();
    expect(await regex.getAttribute('aria-pressed')).toBe('true');
    await input.fill('l+o');
    await expect.poll(() => page.getByTestId('find-count').innerText()).toMatch(/^\d+ of [1-9]\d*$/);
    await input.fill('l+o(');
    await expect.poll(() => page.getByTestId('find-count').innerText()).toBe('Invalid regex');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await input.press('Escape');
    await input.waitFor({ state: 'detached' });
  });

  it('saves a custom keybinding in Settings → Keys, refusing conflicts and keys the terminal needs, and uses it', async () => {
    await page.getByTestId('settings-open').click();
    const row = page.locator('[data-testid="keys-row"][data-action-id="pane-split-down"]');
    await row.scrollIntoViewIfNeeded();
    const record = row.getByTestId('keys-record');

    // A key the terminal needs is refused outright.
    await record.click();
    await record.press('Control+C');
    expect(await row.getByTestId('keys-error').innerText()).toMatch(/terminal needs Ctrl\+C/);

    // Another action's key is kept but shown as a conflict, and nothing saves until it is resolved.
    await record.click();
    await record.press('Control+Shift+D');
    await row.getByTestId('keys-conflict').waitFor();
    await page.locator('[data-testid="keys-row"][data-action-id="pane-split-right"]').getByTestId('keys-conflict').waitFor();
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-status').innerText()).toMatch(/Nothing saved/);
    await row.locator('[data-combo="Ctrl+Shift+D"]').getByTestId('keys-remove').click();
    expect(await row.getByTestId('keys-conflict').count()).toBe(0);

    await record.click();
    await record.press('Control+Alt+J');
    await row.locator('[data-combo="Ctrl+Alt+J"]').waitFor();
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('settings-status').innerText()).toMatch(/Saved/);
    await page.getByTestId('settings-close').click();
    await page.getByTestId('settings-page').waitFor({ state: 'detached' });

    const before = await panes();
    await page.getByTestId('terminal').click();
    await page.keyboard.press('Control+Alt+J');
    await paneCount(before + 1);
  });
});
