// SPDX-License-Identifier: MIT
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, type OpenApp } from '../support/app';

/**
 * Compare runs (issue 24) in real Chromium with a real bash: the same line run three times in one
 * directory (its file changed, then missing, then back with a changed line) and once elsewhere.
 * The comparison opened from the last run lists the runs here, diffs the output of two of them
 * with the changed line removed and added, finds the last time it worked, moves with the arrow
 * keys, and takes in the run from the other directory when asked for runs anywhere.
 * With CT_SCREENSHOTS=<dir> it also saves the view.
 */

const LINE = 'cat f.txt';
const SHOTS = process.env.CT_SCREENSHOTS;

let app: OpenApp;
let page: Page;
let root: string;

const items = (): Locator => page.getByTestId('command-item');
const view = (): Locator => page.getByTestId('compare-view');
const diffLines = (kind: 'added' | 'removed'): Promise<string[]> =>
  view().locator(`[data-diff="${kind}"] .compare-line-text`).allInnerTexts();

/** Runs a line in the terminal and waits for its finished row; returns the row. */
const run = async (commandLine: string): Promise<Locator> => {
  const before = await items().count();
  await typeInTerminal(page, `${commandLine}\n`);
  await expect.poll(() => items().count(), { timeout: 30_000 }).toBe(before + 1);
  const item = items().nth(before);
  expect(await item.locator('.command-line').innerText()).toBe(commandLine);
  await expect.poll(() => item.getAttribute('data-exit-code'), { timeout: 30_000 }).not.toBe('');
  return item;
};

const idOf = async (item: Locator): Promise<string> => (await item.getAttribute('data-command-id'))!;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ct-compare-'));
  mkdirSync(join(root, 'here'));
  mkdirSync(join(root, 'elsewhere'));
  writeFileSync(join(root, 'elsewhere', 'f.txt'), 'from elsewhere\n');
  app = await openApp({ colorScheme: 'dark' });
  page = app.page;
});

afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('compare runs', () => {
  const ids: Record<'elsewhere' | 'first' | 'failed' | 'last', string> = { elsewhere: '', first: '', failed: '', last: '' };

  it('records the same line in two directories, once failing', async () => {
    await run(`cd ${root}/elsewhere`);
    ids.elsewhere = await idOf(await run(LINE));
    await run(`cd ${root}/here`);
    writeFileSync(join(root, 'here', 'f.txt'), 'alpha\nbeta\nomega\n');
    ids.first = await idOf(await run(LINE));
    rmSync(join(root, 'here', 'f.txt'));
    const failed = await run(LINE);
    expect(await failed.getAttribute('data-exit-code')).toBe('1');
    ids.failed = await idOf(failed);
    writeFileSync(join(root, 'here', 'f.txt'), 'alpha\ngamma\nomega\n');
    const last = await run(LINE);
    expect(await last.getAttribute('data-exit-code')).toBe('0');
    ids.last = await idOf(last);
  });

  it('compares the last run with the one before it, in its directory', async () => {
    const last = page.locator(`[data-testid="command-item"][data-command-id="${ids.last}"]`);
    await last.hover();
    await last.getByTestId('command-actions').click();
    await page.getByTestId('command-compare').click();

    await page.locator('[data-testid="compare-view"][data-state="ready"]').waitFor({ timeout: 15_000 });
    expect(await view().getAttribute('data-runs')).toBe('3');
    const listed = await view()
      .getByTestId('compare-run')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-run-id')));
    expect(listed).toEqual([ids.last, ids.failed, ids.first]);
    expect(await view().getAttribute('data-base')).toBe(ids.last);
    expect(await view().getAttribute('data-other')).toBe(ids.failed);
    // The failure's message went, the file's lines came.
    await expect.poll(() => diffLines('added'), { timeout: 15_000 }).toEqual(['alpha', 'gamma', 'omega']);
    expect((await diffLines('removed')).join('\n')).toMatch(/f\.txt: No such file or directory/);
    // ✓ ✗ ✓: success and failure took turns.
    expect(await view().getByTestId('compare-glance').getAttribute('data-flaky')).toBe('true');
  });

  it('"Last time it worked" diffs against the latest successful run: the changed line, removed and added', async () => {
    await view().getByTestId('compare-last-worked').click();
    await expect.poll(() => view().getAttribute('data-other')).toBe(ids.first);
    await expect.poll(() => diffLines('removed'), { timeout: 15_000 }).toEqual(['beta']);
    expect(await diffLines('added')).toEqual(['gamma']);
    expect(await view().locator('[data-diff="same"] .compare-line-text').allInnerTexts()).toEqual(['alpha', 'omega']);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'compare-runs-dark.png') });
    }
  });

  it('moves through the timeline with the arrow keys', async () => {
    await view().getByTestId('compare-timeline').press('ArrowUp');
    await expect.poll(() => view().getAttribute('data-other')).toBe(ids.failed);
    // The base run is stepped over, and the list ends where it ends.
    await view().getByTestId('compare-timeline').press('ArrowUp');
    expect(await view().getAttribute('data-other')).toBe(ids.failed);
  });

  it('takes in runs from other directories when asked for runs anywhere, then closes on Escape', async () => {
    await view().getByTestId('compare-anywhere').check();
    await expect.poll(() => view().getAttribute('data-runs'), { timeout: 15_000 }).toBe('4');
    const elsewhere = view().locator(`[data-testid="compare-run"][data-run-id="${ids.elsewhere}"]`);
    expect(await elsewhere.innerText()).toContain(join(root, 'elsewhere'));
    await elsewhere.click();
    await expect.poll(() => diffLines('removed'), { timeout: 15_000 }).toEqual(['from elsewhere']);

    await page.keyboard.press('Escape');
    await view().waitFor({ state: 'detached' });
  });
});
