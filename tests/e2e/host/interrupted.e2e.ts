// SPDX-License-Identifier: MIT
import Database from 'better-sqlite3';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { launchBrowser, openPage, startServer, typeInTerminal, type AppServer } from '../support/app';

let server: AppServer | undefined;
let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The stored row of the `sleep 300` command, read as any sqlite3 user would (the host's WAL is shared). */
const storedSleep = (dataDir: string) => {
  const db = new Database(join(dataDir, 'contexterm.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT started_at, ended_at, exit_code, interrupted FROM commands WHERE command_line = 'sleep 300'").get() as
      { started_at: number; ended_at: number | null; exit_code: number | null; interrupted: number } | undefined;
  } catch {
    // Before the restart the column does not exist on old code; the row's presence is what matters then.
    return db.prepare("SELECT started_at, ended_at, exit_code, 0 AS interrupted FROM commands WHERE command_line = 'sleep 300'").get() as
      { started_at: number; ended_at: number | null; exit_code: number | null; interrupted: number } | undefined;
  } finally {
    db.close();
  }
};

it('shows a command cut off by a kill -9 of the host as interrupted, with an end time, after a restart', async () => {
  server = await startServer();
  const { dataDir } = server;
  browser = await launchBrowser();
  const page = await openPage(browser, server.url, { integrated: true, terminalTimeoutMs: 30_000 });
  await typeInTerminal(page, 'sleep 300\n');
  const item = page.getByTestId('command-item').filter({ hasText: 'sleep 300' });
  await item.waitFor();
  // The start is committed within a write batch; wait until the file has it before pulling the plug.
  await expect.poll(() => storedSleep(dataDir), { timeout: 10_000 }).toBeDefined();

  const exited = once(server.process, 'exit');
  server.process.kill('SIGKILL');
  await exited;
  await page.close();

  server = await startServer({ dataDir });
  const again = await openPage(browser, server.url, { integrated: true, terminalTimeoutMs: 30_000 });
  await again.getByTestId('command-search').fill('sleep');
  const found = again.getByTestId('command-item').filter({ hasText: 'sleep 300' });
  await found.waitFor({ timeout: 10_000 });
  await expect.poll(() => found.getAttribute('data-status')).toBe('interrupted');
  const status = found.locator('.command-status');
  expect(await status.getAttribute('aria-label')).toBe('interrupted');
  expect(await status.innerText()).toContain('⚠');
  // A duration, not a ticking elapsed time: the command has an end.
  expect(await found.locator('.command-duration').innerText()).toMatch(/\d/);
  expect(await found.getByTestId('command-elapsed').count()).toBe(0);

  const row = storedSleep(dataDir)!;
  expect(row.interrupted).toBe(1);
  expect(row.exit_code).toBeNull();
  expect(row.ended_at).not.toBeNull();
  expect(row.ended_at!).toBeGreaterThanOrEqual(row.started_at);
});
