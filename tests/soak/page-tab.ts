// SPDX-License-Identifier: MIT
// The one real page of the soak run: Chromium with the app, for reloads, the assistant conversation
// and commands typed into its terminal. Console errors and uncaught page errors count as errors.
import type { Browser, Page } from 'playwright-core';
import { openPage, waitForTerminalText } from '../e2e/support/app';
import type { ScriptedLlmServer } from '../fixtures/scripted-llm-server';

const TIMEOUT_MS = 120_000;
const ANSWER = '[data-testid="assistant-message"][data-role="assistant"]:not([data-streaming])';

export class PageTab {
  private _turns = 0;
  private _commands = 0;

  private constructor(readonly page: Page) {}

  static async open(browser: Browser, url: string, errors: string[]): Promise<PageTab> {
    const page = await openPage(browser, url, {
      viewport: { width: 1400, height: 900 },
      terminalTimeoutMs: TIMEOUT_MS,
      beforeLoad: (page) => {
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(`page console: ${message.text().slice(0, 300)}`);
        });
        page.on('pageerror', (error) => errors.push(`page error: ${error.message.slice(0, 300)}`));
      },
    });
    await page.getByTestId('assistant-input').waitFor({ timeout: TIMEOUT_MS });
    return new PageTab(page);
  }

  /** Reloads the page and waits for its terminal and the assistant's question box. */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.page.locator('[data-testid="terminal"] .xterm').waitFor({ timeout: TIMEOUT_MS });
    await this.page.getByTestId('assistant-input').waitFor({ timeout: TIMEOUT_MS });
  }

  /** One turn of the conversation: a question, the scripted model's streamed answer, shown. */
  async ask(llm: ScriptedLlmServer): Promise<void> {
    const turn = ++this._turns;
    const token = `soak-answer-${turn}`;
    llm.enqueue({ kind: 'text', text: `Turn ${turn}: the last command printed a lot of lines, nothing failed. ${token}`, chunkDelayMs: 5 });
    const input = this.page.getByTestId('assistant-input');
    await input.fill(`What did my terminals do just now? (turn ${turn})`);
    await input.press('Enter');
    await this.page.locator(ANSWER, { hasText: token }).first().waitFor({ timeout: TIMEOUT_MS });
  }

  /** Types `command` into the active terminal and waits for its end marker on screen. */
  async run(command: string): Promise<void> {
    const marker = `PAGE_${++this._commands}_DONE`;
    await this.page.locator('[data-testid="terminal"]').first().click();
    await this.page.keyboard.type(`${command}; echo "${marker.slice(0, 5)}""${marker.slice(5)}"`);
    await this.page.keyboard.press('Enter');
    await waitForTerminalText(this.page, new RegExp(marker), TIMEOUT_MS);
  }

  /** The page's JS heap in MB (Chromium's performance.memory) after a full GC, so runs compare. */
  async heapMb(): Promise<number> {
    const cdp = await this.page.context().newCDPSession(this.page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.detach();
    const bytes = await this.page.evaluate(
      () => (globalThis as unknown as { performance: { memory?: { usedJSHeapSize: number } } }).performance.memory?.usedJSHeapSize ?? NaN,
    );
    return bytes / 1024 / 1024;
  }
}
