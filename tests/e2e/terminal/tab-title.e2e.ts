// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, type OpenApp } from '../support/app';
import { heldSleep } from '../support/held-sleep';

/**
 * Tab titles named the command line's first word (`cd`, a shell function) instead of the program
 * running. Main reports the terminal's foreground process; the tab names that.
 */
let app: OpenApp;

beforeAll(async () => {
  app = await openApp({ integrated: true });
});

afterAll(async () => {
  await app?.close();
});

const title = () => app.page.getByTestId('tab').first().locator('.tab-title').innerText();

/** Every text the first tab's title takes from now on, however briefly (page side, no DOM types here). */
const recordTitles = () =>
  app.page.evaluate(() => {
    const page = globalThis as unknown as {
      document: { querySelector(s: string): { textContent: string | null } | null };
      MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
      seenTitles: string[];
    };
    page.seenTitles = [];
    const element = page.document.querySelector('[data-testid="tab"] .tab-title')!;
    new page.MutationObserver(() => page.seenTitles.push(element.textContent ?? '')).observe(element, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });

/** Waits until the newest recorded command is `commandLine` and has finished. */
const finished = async (commandLine: string) => {
  const last = app.page.getByTestId('command-item').last();
  await expect.poll(() => last.locator('.command-line').innerText(), { timeout: 10_000 }).toBe(commandLine);
  await expect.poll(() => last.getAttribute('data-exit-code'), { timeout: 10_000 }).toBe('0');
};

const seenTitles = () => app.page.evaluate(() => (globalThis as unknown as { seenTitles: string[] }).seenTitles);

describe('tab titles', () => {
  it('name the program running, then go back to the prompt title', async () => {
    const atPrompt = await title();
    expect(atPrompt).not.toBe('sleep');
    // Runs until the title was seen: a `sleep 3` could end before a loaded machine shows it.
    const held = heldSleep();
    await typeInTerminal(app.page, `${held.command}\n`);
    await expect.poll(title, { timeout: 15_000 }).toBe('sleep');
    await held.end();
    await expect.poll(title, { timeout: 10_000 }).toBe(atPrompt);
  });

  it('never name a builtin such as cd', async () => {
    await recordTitles();
    // `cd` first on the line, a program after it: the title is the program, never `cd`.
    const held = heldSleep();
    await typeInTerminal(app.page, `cd /tmp && ${held.command}; true\n`);
    await expect.poll(title, { timeout: 15_000 }).toBe('sleep');
    await held.end();
    await finished(`cd /tmp && ${held.command}; true`);
    await expect.poll(title).not.toBe('sleep');
    await typeInTerminal(app.page, 'cd /\n');
    await finished('cd /');
    expect(await seenTitles()).toContain('sleep');
    expect(await seenTitles()).not.toContain('cd');
    expect(await title()).not.toBe('cd');
  });
});
