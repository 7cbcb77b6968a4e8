// SPDX-License-Identifier: MIT
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, waitForTerminalText, type AppServer } from '../support/app';

/**
 * The grid was 114, 115 or 116 columns from one launch to the next, depending on whether the
 * bundled JetBrains Mono had arrived when xterm measured its cell; at 115 the grid was wider than
 * its element and the last column was clipped. The font arriving must re-measure and refit.
 */
let server: AppServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Geometry {
  readonly screen: number;
  readonly element: number;
  readonly fontLoaded: boolean;
}

/** The grid's width, its element's, and whether the bundled font is in (page side, no DOM types here). */
const geometry = (): Promise<Geometry> =>
  page.evaluate(() => {
    const doc = (
      globalThis as unknown as {
        document: {
          querySelector(s: string): { clientWidth: number; getBoundingClientRect(): { width: number } } | null;
          fonts: { check(font: string): boolean };
        };
      }
    ).document;
    const screen = doc.querySelector('[data-testid="terminal"] .xterm-screen')!;
    const element = doc.querySelector('[data-testid="terminal"] .xterm')!;
    return {
      screen: screen.getBoundingClientRect().width,
      element: element.clientWidth,
      fontLoaded: doc.fonts.check('13px "JetBrains Mono"'),
    };
  });

/** The pty's own idea of its size, as programs see it. */
const ptyColumns = async (marker: string): Promise<number> => {
  await page.locator('[data-testid="terminal"]').click();
  await page.keyboard.type(`echo ${marker}=$(stty size | cut -d' ' -f2)\n`);
  await waitForTerminalText(page, new RegExp(`^${marker}=\\d+\\s*$`, 'm'));
  const text = await page.locator('[data-testid="terminal"] .xterm-rows').innerText();
  return Number(new RegExp(`^${marker}=(\\d+)\\s*$`, 'm').exec(text)![1]);
};

describe('the terminal grid and the bundled font', () => {
  it('fits its element and keeps its width in columns across reloads, whenever the font arrives', async () => {
    const columns: number[] = [];
    // The font's files held back by 0, 300 and 900 ms: before, around and after the first measure.
    for (const [round, holdMs] of [0, 300, 900].entries()) {
      await page.unroute('**/*.woff2');
      await page.route('**/*.woff2', async (route) => {
        if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
        // A face the page asked for late (bold, italic) may still be held when the next round
        // reloads, which cancels its request: Playwright then refuses to continue it, rightly.
        await route.continue().catch((error: unknown) => {
          if (!String(error).includes('already handled')) throw error;
        });
      });
      await (round === 0 ? page.goto(server.url) : page.reload());
      await page.locator('[data-testid="terminal"] .xterm-screen').waitFor();
      await page.waitForFunction(() =>
        (globalThis as unknown as { document: { fonts: { check(f: string): boolean } } }).document.fonts.check('13px "JetBrains Mono"'),
      );
      await waitForTerminalText(page, /[$#%>]\s*$/);
      const cols = await ptyColumns(`cols${round}`);
      const measured = await geometry();
      expect(measured.screen).toBeLessThanOrEqual(measured.element);
      columns.push(cols);
    }
    expect(new Set(columns).size).toBe(1);
  });
});
