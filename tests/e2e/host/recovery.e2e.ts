// SPDX-License-Identifier: MIT
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { launchBrowser, startServer, type AppServer } from '../support/app';

let server: AppServer | undefined;
afterAll(async () => {
  await server?.stop();
});

it('moves a corrupt database aside, starts a fresh one, and tells the user', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ct-corrupt-'));
  writeFileSync(join(dataDir, 'contexterm.db'), Buffer.alloc(8192, 'not a database, just noise '));
  server = await startServer({ dataDir });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    const notice = page.getByTestId('app-notice');
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.innerText()).toMatch(/damaged.*moved to .*contexterm\.db\.corrupt-/);
    await page.locator('[data-testid="terminal"] .xterm').waitFor();
    expect(readdirSync(dataDir).some((name) => name.startsWith('contexterm.db.corrupt-'))).toBe(true);
  } finally {
    await browser.close();
  }
});
