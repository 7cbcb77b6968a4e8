// SPDX-License-Identifier: MIT
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalText, typeInTerminal, waitForTerminalText } from '../support/app';
import { bodyOf, contentText, openAssistantApp, waitForChatRequests, type AssistantApp } from '../support/assistant-page';

/**
 * Quick fixes in real Chromium with a real bash: a failure that was once followed by a
 * variant that worked offers that variant, from history, on its row and its gutter mark; a click
 * puts it at the prompt of its terminal without running it. "Ask the assistant" sends the question
 * with the failed command attached. With CT_SCREENSHOTS=<dir> it also saves the open list.
 */

const FAILING = 'mkdir qf-a/qf-b';
const FIX = 'mkdir -p qf-a/qf-b';

const SHOTS = process.env.CT_SCREENSHOTS;

let app: AssistantApp;
let page: Page;

const items = (): Locator => page.getByTestId('command-item');
const byId = (id: string): Locator => page.locator(`[data-testid="command-item"][data-command-id="${id}"]`);

/** Runs a line in the terminal and waits for its finished row; returns the row's command id. */
const run = async (commandLine: string): Promise<string> => {
  const before = await items().count();
  await typeInTerminal(page, `${commandLine}\n`);
  await expect.poll(() => items().count(), { timeout: 30_000 }).toBe(before + 1);
  const item = items().nth(before);
  expect(await item.locator('.command-line').innerText()).toBe(commandLine);
  await expect.poll(() => item.getAttribute('data-exit-code'), { timeout: 30_000 }).not.toBe('');
  return (await item.getAttribute('data-command-id'))!;
};

const gutterFix = (id: string): Locator => page.locator(`.command-gutter[data-command-id="${id}"] [data-testid="quick-fix-gutter"]`);

const shot = async (name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
};

beforeAll(async () => {
  app = await openAssistantApp({ integrated: true });
  page = app.page;
});

afterAll(() => app?.close());

describe('quick fixes for a failed command', () => {
  let failedAgain: string;
  let worked: string;

  it('marks a failure with a lightbulb on its row and its gutter mark, and not a success', async () => {
    const first = await run(FAILING);
    worked = await run(FIX);
    failedAgain = await run(FAILING);
    expect(await byId(first).getAttribute('data-exit-code')).toBe('1');
    expect(await byId(worked).getAttribute('data-exit-code')).toBe('0');
    expect(await byId(failedAgain).getAttribute('data-exit-code')).toBe('1');

    await expect.poll(() => byId(failedAgain).getByTestId('quick-fix').count()).toBe(1);
    // The first failure had nothing to learn from yet: no lightbulb that would open on "No fix".
    await expect.poll(() => byId(first).getAttribute('data-quick-fix')).toBe('none');
    expect(await byId(first).getByTestId('quick-fix').count()).toBe(0);
    expect(await gutterFix(first).count()).toBe(0);
    expect(await byId(failedAgain).getByTestId('quick-fix').getAttribute('aria-label')).toBe('Quick fixes');
    expect(await byId(worked).getByTestId('quick-fix').count()).toBe(0);
    await expect.poll(() => gutterFix(failedAgain).count()).toBe(1);
    expect(await gutterFix(worked).count()).toBe(0);
  });

  it('offers the variant that worked, from history, and Escape closes the list', async () => {
    await byId(failedAgain).getByTestId('quick-fix').click();
    const menu = page.locator('[data-testid="quick-fix-menu"][data-state="ready"]');
    await menu.waitFor();
    const offered = menu.getByTestId('quick-fix-item');
    expect(await offered.count()).toBe(1);
    expect(await offered.first().getAttribute('data-command')).toBe(FIX);
    expect(await offered.first().getAttribute('data-source')).toBe('history');
    expect(await menu.getByTestId('quick-fix-ask').count()).toBe(1);
    await shot('quick-fix-row');
    // A menu: the first fix has the keyboard; arrows move it; Escape closes.
    await expect
      .poll(() => offered.first().evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement))
      .toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => menu.getByTestId('quick-fix-ask').evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement))
      .toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('quick-fix-menu').waitFor({ state: 'detached' });
  });

  it('puts the fix at the prompt of its terminal without running it', async () => {
    const count = await items().count();
    await byId(failedAgain).getByTestId('quick-fix').click();
    await page.locator(`[data-testid="quick-fix-menu"][data-state="ready"] [data-testid="quick-fix-item"][data-command="${FIX}"]`).click();
    // At the prompt, after the last failure's message, with nothing after it: typed, not run.
    await waitForTerminalText(page, /File exists\s*\n[^\n]*[$#] mkdir -p qf-a\/qf-b\s*$/u);
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
    // Clear the line (Ctrl+U) and run a marker: had the fix run, its row would come before the marker's.
    await page.keyboard.press('Control+u');
    const marker = await run('echo qf-marker');
    expect(await items().count()).toBe(count + 1);
    expect(await items().nth(count).getAttribute('data-command-id')).toBe(marker);
    expect(await terminalText(page)).toMatch(/File exists\s*\n[^\n]*[$#] echo qf-marker\s*\nqf-marker\s*\n/u);
  });

  it('fixes a first typo: a program that worked before, with no lightbulb where no fix exists', async () => {
    await run('git --version');
    const typo = await run('gti --version');
    await expect.poll(() => byId(typo).getAttribute('data-quick-fix')).toBe('offered');
    await expect.poll(() => gutterFix(typo).count()).toBe(1);
    await byId(typo).getByTestId('quick-fix').click();
    const menu = page.locator('[data-testid="quick-fix-menu"][data-state="ready"]');
    await menu.waitFor();
    expect(await menu.getByTestId('quick-fix-item').first().getAttribute('data-command')).toBe('git --version');
    await page.keyboard.press('Escape');
    await page.getByTestId('quick-fix-menu').waitFor({ state: 'detached' });
  });

  it('finds nothing for a failure history never fixed: no lightbulb, and the actions menu still offers to ask', async () => {
    app.llm.enqueue({ kind: 'text', text: 'Create the parent first.' });
    const lone = await run('ls qf-nowhere-else');
    await expect.poll(() => byId(lone).getAttribute('data-quick-fix')).toBe('none');
    expect(await gutterFix(lone).count()).toBe(0);
    expect(await byId(lone).getByTestId('quick-fix').count()).toBe(0);
    await byId(lone).getByTestId('command-actions').click();
    await page.getByTestId('command-menu').getByTestId('quick-fix').click();
    const menu = page.locator('[data-testid="quick-fix-menu"][data-state="ready"]');
    await menu.waitFor();
    expect(await menu.getByTestId('quick-fix-none').innerText()).toBe('No fix from your history');
    expect(await menu.getByTestId('quick-fix-item').count()).toBe(0);
    await menu.getByTestId('quick-fix-ask').click();
    const [request] = await waitForChatRequests(app.llm, 1);
    const sent = bodyOf(request!)
      .messages.map((message) => contentText(message.content))
      .join('\n');
    expect(sent).toContain('This command failed: how do I fix it?');
    expect(sent).toContain('ls qf-nowhere-else');
  });

  it('opens the same fixes from the gutter mark', async () => {
    await gutterFix(failedAgain).click();
    const menu = page.locator('[data-testid="quick-fix-menu"][data-state="ready"]');
    await menu.waitFor();
    expect(await menu.getByTestId('quick-fix-item').first().getAttribute('data-command')).toBe(FIX);
    await shot('quick-fix-gutter');
    await page.keyboard.press('Escape');
  });
});
