// SPDX-License-Identifier: MIT
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

/**
 * The Ctrl+Space menu in zsh and fish (bash: completion-menu.e2e.ts): `git ch` lists checkout and
 * cherry-pick, Enter types the selected one at the prompt, and nothing runs.
 */
describe.each(['zsh', 'fish'])('the completion menu in %s', (shell) => {
  let app: OpenApp;

  beforeAll(async () => {
    app = await openApp({ integrated: true, server: { env: { SHELL: `/usr/bin/${shell}` } } });
  });

  afterAll(() => app?.close());

  it('lists checkout and cherry-pick for `git ch`, and Enter inserts without running', async () => {
    const { page } = app;
    const commands = page.getByTestId('command-item');
    const count = await commands.count();
    await typeInTerminal(page, 'git ch');
    await waitForTerminalText(page, /git ch\s*$/u);
    await page.keyboard.press('Control+Space');
    const item = (text: string) => page.locator(`[data-testid="completion-item"][data-text="${text}"]`);
    await item('checkout').waitFor({ timeout: 20_000 });
    await item('cherry-pick').waitFor();
    // Narrow to one item, then insert it.
    await page.keyboard.type('eckou');
    // As a user would: Enter once the shell has echoed what was typed (the word to replace is read off the screen).
    await waitForTerminalText(page, /git checkou\s*$/u);
    await expect
      .poll(() => page.locator('[data-testid="completion-item"][aria-selected="true"]').getAttribute('data-text'))
      .toBe('checkout');
    await page.keyboard.press('Enter');
    await page.getByTestId('completion-menu').waitFor({ state: 'detached' });
    await waitForTerminalText(page, /git checkout\s*$/u);
    // Nothing ran: clear the line and run a marker, which is the only new row.
    await page.keyboard.press('Control+u');
    await typeInTerminal(page, 'echo completion-marker\n');
    await expect.poll(() => commands.count(), { timeout: 30_000 }).toBe(count + 1);
    expect(await commands.last().locator('.command-line').innerText()).toBe('echo completion-marker');
  });
});
