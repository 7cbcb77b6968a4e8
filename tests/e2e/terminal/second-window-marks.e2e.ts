// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openApp, openPage, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

let app: OpenApp;

beforeAll(async () => {
  app = await openApp();
});

afterAll(() => app?.close());

const COMMANDS = ['echo one', 'printf "%0300d\\n" 7', 'echo two', 'echo three'];

/** Waits until each command's gutter mark sits on the row that shows that command's prompt line. */
const marksOnTheirPrompts = (page: Page) =>
  page.waitForFunction(
    (commands) => {
      const screen = document.querySelector('[data-testid="terminal"] .xterm-screen')?.getBoundingClientRect();
      const rows = Array.from(document.querySelectorAll('[data-testid="terminal"] .xterm-rows > div'));
      if (!screen || rows.length === 0) return false;
      const rowHeight = screen.height / rows.length;
      const marked = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="terminal"] .command-gutter'))
        .filter((mark) => mark.dataset.commandId)
        .map((mark) => rows[Math.round((mark.getBoundingClientRect().top - screen.top) / rowHeight)]?.textContent ?? '');
      return marked.length === commands.length && commands.every((command, i) => marked[i]!.includes(`# ${command}`));
    },
    COMMANDS,
    { timeout: 10_000 },
  );

describe('gutter marks in a second window', () => {
  it('stay on their prompt lines when the window reflows a long line to its own width', async () => {
    const first = app.page;
    for (const command of COMMANDS) await typeInTerminal(first, `${command}\r`);
    await waitForTerminalText(first, /^three\s*$/m);
    await marksOnTheirPrompts(first);

    // Narrower: the 300-character line wraps over more rows here than in the first window.
    const second = await openPage(app.browser, app.server.url, { viewport: { width: 900, height: 600 } });
    try {
      await waitForTerminalText(second, /^three\s*$/m);
      await marksOnTheirPrompts(second);
      await second.screenshot({ path: 'test-results/second-window-marks.png' });
    } finally {
      await second.close();
    }
  });
});
