// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../integration/cli/cli-support';
import { openApp, openPage, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

let app: OpenApp;
let page: Page;

const pane = (id: string | null) => page.locator(`[data-testid="pane"][data-session-id="${id}"]`);
const focusedId = () => page.locator('[data-testid="pane"][aria-selected="true"]').getAttribute('data-session-id');
const count = (selector: string, n: number, on: Page = page) =>
  on.waitForFunction(([s, c]) => document.querySelectorAll(s).length === c, [selector, n] as const);
const paneCount = (n: number) => count('[data-testid="pane"]', n);

/** Splits the focused pane and waits until the new pane's shell answers (so typing goes there). */
const split = async (mark: string): Promise<string> => {
  const before = await page.getByTestId('pane').count();
  await page.getByTestId('pane-split-right').click();
  await paneCount(before + 1);
  await typeInTerminal(page, `echo ${mark}-$((40+2))\r`);
  await waitForTerminalText(page, new RegExp(`${mark}-42`));
  return (await focusedId())!;
};

/** Types in the focused terminal and waits for the answer: the keyboard really is there. */
const answers = async (mark: string) => {
  await typeInTerminal(page, `echo ${mark}-$((6*7))\r`);
  await waitForTerminalText(page, new RegExp(`${mark}-42`));
};

const setOnExit = async (value: 'close' | 'clean' | 'keep') => {
  await page.getByTestId('settings-open').click();
  await page.getByTestId('terminal-on-exit').selectOption(value);
  await page.getByTestId('settings-save').click();
  // Already so (a test run alone sets it, one run after 'keep' finds it set): nothing to save.
  await expect.poll(() => page.getByTestId('settings-status').innerText()).toMatch(/Saved|No changes to save/);
  await page.getByTestId('settings-close').click();
};

beforeAll(async () => {
  app = await openApp();
  page = app.page;
});

afterAll(() => app?.close());

describe('exit closes its pane', () => {
  it('closes the pane in every window; its neighbour gets the keyboard; a reload does not bring it back', async () => {
    const first = await focusedId();
    const dead = await split('split');
    // A second window on the same terminals: the dead one is there as a pane or a tab of its own.
    const other = await openPage(app.browser, app.server.url);
    const inOther = `[data-pty-id="${dead}"]`;
    await other.waitForFunction((s) => document.querySelector(s) !== null, inOther);

    await typeInTerminal(page, 'exit\r');
    await paneCount(1);
    expect(await focusedId()).toBe(first);
    await answers('after-exit');
    await count(inOther, 0, other);
    expect(await other.locator(`[data-pty-id="${first}"]`).count()).toBeGreaterThan(0);
    await other.close();

    await page.reload();
    await page.getByTestId('terminal').waitFor();
    await paneCount(1);
    expect(await pane(dead).count()).toBe(0);
    expect(await page.getByTestId('tab').count()).toBe(1);
  });

  it('closes a tab whose only pane exits, and the remaining tab takes the keyboard', async () => {
    const kept = await focusedId();
    await page.getByTestId('tab-new').click();
    await count('[data-testid="tab"]', 2);
    await answers('second-tab');
    await typeInTerminal(page, 'exit\r');
    await count('[data-testid="tab"]', 1);
    expect(await focusedId()).toBe(kept);
    await answers('first-tab');
  });

  it("closes and zooms a pane from the terminal's right-click menu, and shows the zoom", async () => {
    const first = await focusedId();
    const second = await split('menu');
    await page.getByTestId('terminal').click({ button: 'right' });
    await page.getByTestId('terminal-zoom-pane').click();
    await paneCount(1);
    await pane(second).getByTestId('pane-zoomed').waitFor();
    expect(await page.getByTestId('tab').getAttribute('data-zoomed')).toBe('true');
    await page.screenshot({ path: 'test-results/pane-zoomed.png' });

    await page.getByTestId('terminal').click({ button: 'right' });
    expect(await page.getByTestId('terminal-zoom-pane').innerText()).toContain('Unzoom pane');
    await page.getByTestId('terminal-zoom-pane').click();
    await paneCount(2);
    expect(await page.getByTestId('pane-zoomed').count()).toBe(0);

    await page.getByTestId('terminal').click({ button: 'right' });
    await page.getByTestId('terminal-close-pane').click();
    await paneCount(1);
    expect(await focusedId()).toBe(first);
    await answers('menu-closed');
  });

  it("leaves the empty state with 'New terminal' when the last tab's shell exits", async () => {
    await typeInTerminal(page, 'exit\r');
    await count('[data-testid="tab"]', 0);
    await page.getByTestId('terminals-empty').getByRole('button', { name: 'New terminal' }).waitFor();
    // Nothing to split: the split buttons say so rather than do nothing.
    expect(await page.getByTestId('pane-split-right').isDisabled()).toBe(true);
    expect(await page.getByTestId('pane-split-down').isDisabled()).toBe(true);
    // Its button has the keyboard: Enter opens a fresh terminal, no mouse needed.
    await page.keyboard.press('Enter');
    await count('[data-testid="tab"]', 1);
    await answers('fresh');
    await expect.poll(() => page.getByTestId('pane-split-right').isEnabled()).toBe(true);
  });

  it("'Close only after a clean exit' keeps a failed shell's pane with its status; Enter closes it", async () => {
    await setOnExit('clean');
    const first = await focusedId();
    const failed = await split('clean');
    // Past the first seconds, when a failure is the shell's own (not "could not start", which always stays).
    await typeInTerminal(page, 'sleep 3; exit 3\r');
    await pane(failed).locator('[data-testid="pane-exited"][data-exit-code="3"]').waitFor();
    expect(await page.getByTestId('pane').count()).toBe(2);
    expect(await pane(failed).getByTestId('pane-exited').innerText()).toContain('exited with code 3');
    await page.screenshot({ path: 'test-results/pane-exited.png' });
    // The kept pane still has the keyboard: Enter there closes it.
    await page.keyboard.press('Enter');
    await paneCount(1);
    expect(await focusedId()).toBe(first);

    await split('clean-ok');
    await typeInTerminal(page, 'exit\r');
    await paneCount(1);
    await answers('clean-closed');
  });

  it("'Keep the pane open' keeps it after a clean exit; Restart starts a shell in its place, Close closes", async () => {
    await setOnExit('keep');
    const kept = await split('keep');
    await typeInTerminal(page, 'exit\r');
    await pane(kept).locator('[data-testid="pane-exited"][data-exit-code="0"]').waitFor();
    expect(await page.getByTestId('pane').count()).toBe(2);

    await pane(kept).getByTestId('pane-restart').click();
    await expect.poll(() => pane(kept).count()).toBe(0);
    await paneCount(2);
    const restarted = await focusedId();
    expect(restarted).not.toBe(kept);
    await answers('restarted');

    await typeInTerminal(page, 'exit 1\r');
    await pane(restarted).locator('[data-testid="pane-exited"][data-exit-code="1"]').waitFor();
    await pane(restarted).getByTestId('pane-close').click();
    await paneCount(1);
    await answers('keep-closed');
  });

  it('keeps an exited private pane private, across a reload too, and its Restart is private as well', async () => {
    await setOnExit('keep');
    await page.getByTestId('tab-private').click();
    const tab = page.getByTestId('tab').last();
    await expect.poll(() => tab.getAttribute('data-private')).toBe('true');
    const secret = await focusedId();
    await answers('private-alive');
    await typeInTerminal(page, 'exit\r');
    await pane(secret).locator('[data-testid="pane-exited"]').waitFor();
    // Main says what it is on a reload: its recorder forgot the ended session, which had read as recorded.
    await page.reload();
    // Its tab, once the page has attached it again (tabs come back one by one).
    await page.locator(`[data-testid="tab"][data-pty-id="${secret}"]`).click();
    await pane(secret).locator('[data-testid="pane-exited"]').waitFor();
    expect(await pane(secret).getAttribute('data-private')).toBe('true');
    expect(await page.locator(`[data-testid="tab"][data-pty-id="${secret}"]`).getAttribute('data-private')).toBe('true');

    await pane(secret).getByTestId('pane-restart').click();
    await expect.poll(() => pane(secret).count()).toBe(0);
    const restarted = await focusedId();
    await expect.poll(() => pane(restarted).getAttribute('data-private')).toBe('true');
    await answers('private-restarted');
    // A recorded command after it: once the CLI finds that one, it would have found the restarted pane's.
    await page.getByTestId('tab').first().click();
    await answers('recorded-restarted');
    const found = async () =>
      (
        JSON.parse((await runCli(['history', 'search', 'restarted', '--data-dir', app.server.dataDir, '--json'])).stdout) as Array<{
          command_line: string;
        }>
      ).map((row) => row.command_line);
    await expect.poll(found, { timeout: 15_000 }).toContain('echo recorded-restarted-$((6*7))');
    expect(await found()).not.toContain('echo private-restarted-$((6*7))');
    await page.getByTestId('tab').last().getByTestId('tab-close').click();
  });
});
