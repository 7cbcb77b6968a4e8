// SPDX-License-Identifier: MIT
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type AppServer } from '../support/app';

/**
 * The window's first terminal is drawn before the app's code runs (renderer/lazy/first-terminal.ts),
 * in a stand-in of the window's layout; the app then takes that same terminal over. Held here: the
 * app's chunk is kept back until the test lets it go, so "before the app" is a fact of the run and
 * not a race.
 */
let server: AppServer;
let browser: Browser;
let page: Page | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterEach(async () => {
  await page?.close();
  page = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Opens the page with the app's chunk held; returns the release. `requested` settles once the page
 * asked for the chunk: boot.ts is then past the first terminal's stage (which it skips when the start
 * takes over START_CAP_MS, as on a loaded machine) and holds app shortcuts until the app listens.
 */
const openHeld = async (): Promise<(() => void) & { requested: Promise<void> }> => {
  page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
  let release!: () => void;
  let asked!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(/\/assets\/app-root-[^/]+\.js$/, async (route: Route) => {
    asked();
    await released;
    await route.continue();
  });
  await page.goto(server.url);
  return Object.assign(release, { requested });
};

/**
 * Notes in the page when the socket's worker hands over the answer to the window's start
 * (`workspace:start`, asked by the page's first script): an init script, so it watches the worker
 * the page's HTML starts before any of the page's modules.
 */
const watchStartAnswer = async (target: Page): Promise<void> => {
  await target.addInitScript(() => {
    const NativeWorker = window.Worker;
    const scope = window as unknown as { __ctStartAnswered?: boolean };
    window.Worker = class extends NativeWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener(
          'message',
          ({ data }: MessageEvent<{ kind?: string; frames?: { t?: string; result?: { ok?: boolean; value?: object } }[] }>) => {
            const answered =
              data.kind === 'frames' &&
              data.frames?.some(
                (frame) =>
                  frame.t === 'result' && frame.result?.ok === true && frame.result.value !== undefined && 'ptys' in frame.result.value,
              );
            if (answered) scope.__ctStartAnswered = true;
          },
        );
      }
    };
  });
};

/**
 * Opens the page with the boot stage held until the window's start was answered, then the app's
 * chunk held as openHeld does: the stage then finds its answer at once, whatever the load, and
 * draws the first terminal. Without the wait a start slower than START_CAP_MS (a loaded machine)
 * skips the stage by design, and there would be no stand-in to look at.
 */
const openStaged = async (): Promise<() => void> => {
  page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
  await watchStartAnswer(page);
  let bootRelease!: () => void;
  const bootReleased = new Promise<void>((resolve) => (bootRelease = resolve));
  await page.route(/\/assets\/boot-[^/]+\.js$/, async (route: Route) => {
    await bootReleased;
    await route.continue();
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-root-[^/]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  await page.goto(server.url);
  await expect
    .poll(() => page!.evaluate(() => (window as unknown as { __ctStartAnswered?: boolean }).__ctStartAnswered === true), {
      timeout: 15_000,
    })
    .toBe(true);
  bootRelease();
  return release;
};

const rect = (selector: string) =>
  (page as Page).locator(selector).evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);

describe('the first terminal, before the app', () => {
  it('shows the prompt before the app is loaded, and the app takes the same terminal over in the same place', async () => {
    const release = await openStaged();
    const staged = page!.locator('.first-terminal [data-testid="terminal"] .xterm-rows');
    await expect.poll(async () => (await staged.textContent())?.trim() ?? '', { timeout: 15_000 }).not.toBe('');
    expect(await page!.locator('[data-testid="tab"]').count(), 'the app is not drawn yet').toBe(0);
    const before = await rect('[data-testid="terminal"]');
    await page!.screenshot({ path: '/tmp/ct-first-terminal-staged.png' });
    await page!.locator('.first-terminal .xterm').evaluate((element) => ((element as unknown as { __staged: boolean }).__staged = true));

    release();
    await page!.locator('[data-testid="tab"]').first().waitFor();
    expect(await page!.locator('.first-terminal').count(), 'the stand-in is gone').toBe(0);
    expect(await page!.locator('[data-testid="terminal"]').count()).toBe(1);
    // The very element xterm.js drew into the stand-in, not a second terminal drawn again.
    expect(
      await page!.locator('[data-testid="terminal"] .xterm').evaluate((element) => (element as unknown as { __staged?: boolean }).__staged),
    ).toBe(true);
    expect(await rect('[data-testid="terminal"]'), 'the terminal kept its box').toEqual(before);
    await page!.screenshot({ path: '/tmp/ct-first-terminal.png' });
  });

  it('runs a shortcut pressed before the app was loaded once it is', async () => {
    const release = await openHeld();
    // The state that matters, not the stand-in: on a loaded machine the start can outlast the
    // stage's 400 ms cap, and then there is no stand-in at all (CI timed out waiting for it).
    await release.requested;
    expect(await page!.locator('[data-testid="tab"]').count(), 'the app is not drawn yet').toBe(0);
    await page!.keyboard.press('Control+Shift+P');
    release();
    await page!.getByTestId('command-palette').waitFor({ timeout: 15_000 });
  });
});
