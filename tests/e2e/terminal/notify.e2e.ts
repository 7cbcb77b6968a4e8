// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, type OpenApp } from '../support/app';
import { heldSleep } from '../support/held-sleep';

/**
 * "Notice when work finishes": a long command that ends in a tab the user is not looking at marks
 * that tab ✓ / ✗, and with the window in the background the page raises a notification. The page's
 * Notification is wrapped to record what it is asked to show, and `document.hasFocus()` answers
 * what the test says, so "the window is in the background" needs no real window manager.
 */
const RECORDER = `(() => {
  window.__notes = [];
  window.__background = false;
  Document.prototype.hasFocus = function () { return !window.__background; };
  const Real = window.Notification;
  if (!Real) return;
  class Recorded extends Real {
    constructor(title, options) {
      window.__notes.push({ title, body: options && options.body, tag: options && options.tag });
      super(title, options);
      window.__lastNote = this;
    }
  }
  Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
  Recorded.requestPermission = (...args) => Real.requestPermission(...args);
  window.Notification = Recorded;
})();`;

interface Note {
  readonly title: string;
  readonly body?: string;
  readonly tag?: string;
}
/** The page's globals the recorder adds; the test project has no DOM types. */
interface PageGlobals {
  __notes: Note[];
  __background: boolean;
  __lastNote?: { dispatchEvent(event: unknown): boolean };
  Event: new (type: string) => unknown;
}

let app: OpenApp;
let page: Page;

const tabs = () => page.getByTestId('tab');
const notes = () => page.evaluate(() => (globalThis as unknown as PageGlobals).__notes);
const runningCommand = () => page.locator('[data-testid="command-item"][data-exit-code=""]');

beforeAll(async () => {
  app = await openApp({
    beforeLoad: async (p, url) => {
      await p.context().grantPermissions(['notifications'], { origin: new URL(url).origin });
      await p.addInitScript({ content: RECORDER });
    },
  });
  page = app.page;
});

afterAll(() => app?.close());

/** Starts a command in the first tab and shows the second before it ends. */
const runInFirstTabThenLeave = async (command: string) => {
  await tabs().nth(0).click();
  await page.locator('[data-testid="tab"][aria-selected="true"]').and(tabs().nth(0)).waitFor();
  await typeInTerminal(page, `${command}\n`);
  await runningCommand().waitFor({ timeout: 15_000 });
  // The first tab's title becomes the running program ('sleep'), which narrows that tab and moves
  // the second one left: a click aimed before the move lands on whatever is there then (the second
  // tab's close button, at these widths). Click once the title has changed.
  await tabs()
    .nth(0)
    .locator('.tab-title')
    .filter({ hasText: /^sleep$/ })
    .waitFor();
  await tabs().nth(1).click();
  await page.locator('[data-testid="tab"][aria-selected="true"]').and(tabs().nth(1)).waitFor();
};

describe('notice when work finishes', () => {
  it('shows the page may notify, and takes a 1 s threshold', async () => {
    await page.getByTestId('settings-open').click();
    const permission = page.getByTestId('notifications-permission');
    await permission.waitFor();
    expect(await permission.getAttribute('data-permission')).toBe('granted');
    expect(await page.getByTestId('notifications-allow').isDisabled()).toBe(true);
    expect(await page.getByTestId('notifications-min-seconds').inputValue()).toBe('10');
    await page.getByTestId('notifications-min-seconds').fill('1');
    await page.getByTestId('settings-save').click();
    await page
      .getByTestId('settings-status')
      .filter({ hasText: /^Saved/ })
      .waitFor();
    await page.getByTestId('settings-close').click();
    await page.getByTestId('settings-page').waitFor({ state: 'detached' });
  });

  it('marks a background tab ✗ when its command fails, without a notification while the window is in front', async () => {
    await page.getByTestId('tab-new').click();
    await tabs().nth(1).waitFor();
    await page.locator('[data-testid="terminal"] .xterm').waitFor();
    // At least the 1 s threshold (`sleep 1`: a command shorter than that marks nothing, so a quick
    // tab switch ended it too soon), and on until the second tab is shown, however long that takes.
    const held = heldSleep();
    await runInFirstTabThenLeave(`sleep 1; ${held.command}; false`);
    await held.end();
    const done = tabs().nth(0).getByTestId('tab-done');
    await done.waitFor({ timeout: 15_000 });
    expect(await done.getAttribute('data-exit-code')).toBe('1');
    expect(await done.innerText()).toBe('✗');
    expect(await tabs().nth(1).getByTestId('tab-done').count()).toBe(0);
    expect(await notes()).toEqual([]);

    // Looking at the tab clears its mark.
    await tabs().nth(0).click();
    await done.waitFor({ state: 'detached' });
  });

  it('notifies with the command line when the window is in the background; a click shows the tab', async () => {
    // At least the 1 s threshold (`sleep 1`), and on until the window is in the background.
    const held = heldSleep();
    const command = `sleep 1; ${held.command}; echo done-$((40+2))`;
    await runInFirstTabThenLeave(command);
    await page.evaluate(() => void ((globalThis as unknown as PageGlobals).__background = true));
    await held.end();
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__notes.length > 0, null, { timeout: 15_000 });
    const [note, ...more] = await notes();
    expect(more).toEqual([]);
    expect(note!.title).toBe(`✓ ${command}`);
    expect(note!.body).toMatch(/^Finished after \d/);
    expect(note!.tag).toMatch(/^[\w-]+:\d+$/);
    const done = tabs().nth(0).getByTestId('tab-done');
    await done.waitFor();
    expect(await done.getAttribute('data-exit-code')).toBe('0');
    expect(await done.innerText()).toBe('✓');

    // Clicking the notification brings the tab it ran in forward, which clears the mark.
    await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      g.__background = false;
      g.__lastNote!.dispatchEvent(new g.Event('click'));
    });
    await page.locator('[data-testid="tab"][aria-selected="true"]').and(tabs().nth(0)).waitFor();
    await done.waitFor({ state: 'detached' });
  });
});
