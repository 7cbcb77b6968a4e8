// SPDX-License-Identifier: MIT
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';
import { heldSleep } from '../support/held-sleep';
import { readPtyDataFrame } from '../../../shared/ipc/wire-names';

/**
 * A flood in a background tab used to be parsed by the page as it came, competing with the tab the
 * user types in (echo 38–61 ms instead of 29 with `yes` in another tab). Now the server holds a
 * background terminal's output and sends it when the tab is shown, or, past a bound, the tab
 * repaints from the terminal's current screen.
 */
let app: OpenApp;
let page: Page;
/** Characters of `pty:data` received per pty id, counted off the WebSocket. */
const received = new Map<string, number>();

const tabs = () => page.getByTestId('tab');
const activeTabId = () => page.locator('[data-testid="tab"][aria-selected="true"]').getAttribute('data-pty-id');

beforeAll(async () => {
  app = await openApp();
  page = app.page;
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      // Output comes as binary frames (shared/ipc/wire-names.ts); JSON from a server of an earlier build.
      const output =
        typeof payload === 'string'
          ? payload.includes('"pty:data"')
            ? (JSON.parse(payload) as { payload: { id: string; data: string } }).payload
            : undefined
          : readPtyDataFrame(new Uint8Array(payload));
      if (output) received.set(output.id, (received.get(output.id) ?? 0) + output.data.length);
    }),
  );
  // The socket predates the listener: reload so every frame is counted.
  await page.reload();
  await page.locator('[data-testid="segmentation-mode"][data-mode="integrated"]').waitFor({ timeout: 20_000 });
});

afterAll(async () => {
  await app?.close();
});

const waitForFile = async (path: string) => {
  await expect.poll(() => existsSync(path), { timeout: 60_000, interval: 100 }).toBe(true);
};

describe('output of a tab in the background', () => {
  it('is held while the tab is hidden and shown in full when the tab is', async () => {
    await page.getByTestId('tab-new').click();
    await expect.poll(() => tabs().count()).toBe(2);
    await waitForTerminalText(page, /[$#%>]\s*$/);
    const background = await activeTabId();
    expect(background).toBeTruthy();
    const done = join(app.server.dataDir, 'small-done');
    // Prints only once the tab is hidden: a `sleep 0.5` raced the click on a loaded machine.
    const held = heldSleep();
    await typeInTerminal(page, `${held.command}; seq 1 300 | sed 's/^/held-line-/'; touch ${done}\n`);
    await tabs().first().click();
    await page.locator('[data-testid="tab"][aria-selected="true"]').and(tabs().first()).waitFor();
    const before = received.get(background!) ?? 0;
    await held.end();
    await waitForFile(done);
    // Nothing of it reached this page while the tab was hidden...
    expect((received.get(background!) ?? 0) - before).toBe(0);
    await tabs().nth(1).click();
    // ...and all of it arrives once the tab is shown.
    await waitForTerminalText(page, /held-line-300/);
    expect((received.get(background!) ?? 0) - before).toBeGreaterThan(300 * 'held-line-'.length);
  });

  it('repaints from the current screen after a flood too big to hold, and stays usable', async () => {
    const done = join(app.server.dataDir, 'flood-done');
    const held = heldSleep();
    await typeInTerminal(page, `${held.command}; yes flood-line | head -c 30000000; echo flood-finished; touch ${done}\n`);
    const flooding = await activeTabId();
    await tabs().first().click();
    await page.locator('[data-testid="tab"][aria-selected="true"]').and(tabs().first()).waitFor();
    const before = received.get(flooding!) ?? 0;
    await held.end();
    await waitForFile(done);
    // At most what was sent before the tab was hidden: far less than the 30 MB printed.
    expect((received.get(flooding!) ?? 0) - before).toBeLessThan(2_000_000);
    await tabs().nth(1).click();
    await waitForTerminalText(page, /flood-finished/);
    await typeInTerminal(page, 'echo still-$((6*7))\n');
    await waitForTerminalText(page, /still-42/);
  });
});
