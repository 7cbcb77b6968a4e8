// SPDX-License-Identifier: MIT
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openApp, openPage, savedWorkspace, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

/**
 * A directory whose name a program chose to attack the terminal that shows it: an OSC 0 title
 * (ESC … BEL), the same with C1 controls (U+009D … U+009C, which xterm.js acts on too) and a bidi
 * override. Shown anywhere outside the shell's own output, none of it may act.
 */
const NAME = 'ev\x1b]0;PWNED\x07il\u009d0;C1PWN\u009c\u202edir';
/** The same name as the UI shows it: every control a visible picture. */
const SHOWN = 'ev␛]0;PWNED␇il␛]0;C1PWN␛\\⟨U+202E⟩dir';
/** Anything a terminal acts on or a renderer reorders. */
const HIDDEN = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069]/;

const dataDir = mkdtempSync(join(tmpdir(), 'ct-hostile-data-'));
const parent = mkdtempSync(join(tmpdir(), 'ct-hostile-'));
mkdirSync(join(parent, NAME));
// Debian's bash.bashrc puts the directory (\w) in the prompt, and the shell's own output is the
// terminal's to act on: a prompt without it, so only what the app writes could change the title.
const home = mkdtempSync(join(tmpdir(), 'ct-hostile-home-'));
for (const file of ['.bashrc', '.bash_profile']) writeFileSync(join(home, file), "PS1='\\$ '\n");
const env = { HOME: home };
let app: OpenApp | undefined;

afterAll(async () => {
  await app?.close();
  rmSync(parent, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const textOf = (locator: Locator) => locator.evaluate((element) => element.textContent ?? '');
const tabTitle = (page: Page) => textOf(page.getByTestId('tab').first().locator('.tab-title'));

describe('names with escape sequences', () => {
  it('show as visible text in the Commands panel, the output viewer, the tab, and the restored pane, and never act', async () => {
    app = await openApp({ server: { dataDir, env } });
    let page = app.page;
    const documentTitle = await page.title();
    // The glob keeps the control characters out of what is typed (and out of the command line);
    // the next command is recorded as run there.
    await typeInTerminal(page, `cd ${parent}/ev*\recho hostile-$((40+2))\r`);
    await waitForTerminalText(page, /hostile-42/);

    const item = page.getByTestId('command-item').filter({ hasText: 'echo hostile-' }).last();
    await expect.poll(() => item.getAttribute('data-exit-code'), { timeout: 15_000 }).toBe('0');
    await expect.poll(() => textOf(item.locator('.command-cwd')), { timeout: 15_000 }).toBe(`${parent}/${SHOWN}`);
    await expect.poll(() => tabTitle(page), { timeout: 15_000 }).toBe(SHOWN);
    expect(await textOf(item)).not.toMatch(HIDDEN);

    // A raw ESC in the command line itself, typed as readline's quoted insert (Ctrl+V, Esc).
    const quotedEsc = async () => {
      await page.keyboard.press('Control+V');
      await page.keyboard.press('Escape');
    };
    await typeInTerminal(page, 'echo ');
    await quotedEsc();
    await page.keyboard.type('[1m marked-$((5+2)) ');
    await quotedEsc();
    await page.keyboard.type('[0m\r');
    await waitForTerminalText(page, /marked-7/);
    const typed = page.getByTestId('command-item').filter({ hasText: 'marked-$((5+2))' }).last();
    await expect.poll(() => textOf(typed.locator('.command-line')), { timeout: 15_000 }).toBe('echo ␛[1m marked-$((5+2)) ␛[0m');

    await typed.getByTestId('command-actions').click();
    await page.getByTestId('command-open-output').click();
    const header = page.locator('[data-testid="output-viewer"] .output-viewer-header');
    await header.waitFor();
    expect(await textOf(header.locator('.output-viewer-command'))).toBe('echo ␛[1m marked-$((5+2)) ␛[0m');
    expect(await textOf(header.locator('.output-viewer-when'))).toContain(`${parent}/${SHOWN}`);
    expect(await header.locator('.output-viewer-when').getAttribute('title')).toBe(`${parent}/${SHOWN}`);
    expect(await textOf(header)).not.toMatch(HIDDEN);
    await page.keyboard.press('Escape');

    // Output with a C1 OSC (U+009D … U+009C): this terminal obeys it, as terminals do with what
    // programs print; the restored copy of it must not.
    await typeInTerminal(page, "printf '\\302\\2350;OUTPWN\\302\\234out-%s\\n' $((6+3))\r");
    await waitForTerminalText(page, /out-9/);
    await expect.poll(() => tabTitle(page)).toBe('OUTPWN');

    await expect
      .poll(() => Object.values(savedWorkspace(dataDir)?.panes ?? {}).map((p) => p.cwd), { timeout: 10_000 })
      .toEqual([join(parent, NAME)]);
    await page.close();
    expect(await app.restart()).toBe(0);

    // The restored pane writes its label (the directory) into the new terminal: nothing in it may
    // set the title; it reads as the picture text.
    page = await openPage(app.browser, app.server.url, { integrated: true });
    await waitForTerminalText(page, /restored · /);
    // Rows joined: a label longer than the terminal is wide wraps.
    const rows = (await page.locator('[data-testid="terminal"] .xterm-rows').innerText()).replace(/\n/g, '');
    expect(rows).toContain(`restored · ${parent}/${SHOWN} · `);
    expect(rows).toMatch(/hostile-42.*marked-7.*out-9/);
    await expect.poll(() => tabTitle(page), { timeout: 15_000 }).toBe(SHOWN);
    expect(await page.title()).toBe(documentTitle);
  });
});
