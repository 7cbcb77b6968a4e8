// SPDX-License-Identifier: MIT
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, startServer, type AppServer } from '../support/app';

/**
 * The side pane kept ~420 px at any width, leaving a 900 px window's terminal 55 columns. Until the
 * user drags it, it is a share of the window; a dragged width is kept.
 */
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const widthOf = async (page: Page, testId: string): Promise<number> => {
  const box = await page.getByTestId(testId).first().boundingBox();
  if (!box) throw new Error(`${testId} is not laid out`);
  return Math.round(box.width);
};

describe('the side pane', () => {
  it('leaves the terminal most of a 900 px window', async () => {
    const page = await openPage(browser, server.url, { viewport: { width: 900, height: 700 } });
    await page.getByTestId('side-pane').waitFor();
    await page.screenshot({ path: '/tmp/ct-side-900.png' });
    expect(await widthOf(page, 'side-pane')).toBeLessThanOrEqual(900 * 0.35);
    expect(await widthOf(page, 'side-pane')).toBeGreaterThanOrEqual(240);
    expect(await widthOf(page, 'terminal')).toBeGreaterThanOrEqual(900 * 0.6);
    // At this width the meter's figure once ran under the Compact button: nothing may overlap.
    const label = (await page.locator('.usage-label').boundingBox())!;
    const compact = (await page.getByTestId('compact-button').boundingBox())!;
    const overlaps =
      label.x < compact.x + compact.width &&
      compact.x < label.x + label.width &&
      label.y < compact.y + compact.height &&
      compact.y < label.y + label.height;
    expect(overlaps, `meter label ${JSON.stringify(label)} vs Compact ${JSON.stringify(compact)}`).toBe(false);
    await page.close();
  });

  it('grows with a 1600 px window, within its maximum, and keeps a dragged width', async () => {
    const page = await openPage(browser, server.url, { viewport: { width: 1600, height: 800 } });
    await page.getByTestId('side-pane').waitFor();
    const auto = await widthOf(page, 'side-pane');
    expect(auto).toBeGreaterThan(420);
    expect(auto).toBeLessThanOrEqual(1600 * 0.35);

    const handle = (await page.getByTestId('pane-resize').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + 200);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 - 150, handle.y + 200, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => widthOf(page, 'side-pane')).toBe(auto + 150);
    await page.reload();
    await page.getByTestId('side-pane').waitFor();
    expect(await widthOf(page, 'side-pane')).toBe(auto + 150);

    // A narrower window squeezes it; widening the window again brings back the dragged width.
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(() => widthOf(page, 'side-pane')).toBeLessThanOrEqual(900 - 320);
    await page.setViewportSize({ width: 1600, height: 800 });
    await expect.poll(() => widthOf(page, 'side-pane')).toBe(auto + 150);
    await page.close();
  });
});
