// SPDX-License-Identifier: MIT
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plainTextFound, runCli, S3_ENV, startS3, storedObjects, type LocalS3 } from '../../integration/sync/sync-support';
import { launchBrowser, openPage, startServer, typeInTerminal, waitForTerminalText, type AppServer } from '../support/app';

/**
 * History across machines in the app (contract: "History across machines", `sync-status`): two
 * browser-mode hosts on two data dirs are two devices, the laptop set up with the CLI and the
 * desktop joined from Settings → Sync, syncing through one s3rver bucket on 127.0.0.1. Device A syncs from Settings → Sync, device B
 * from `contexterm sync now`, which asks B's running app over its socket. After each test every
 * stored byte of the bucket is scanned for the plain-text canaries.
 */

const ENV = { ...S3_ENV, AWS_CONFIG_FILE: '/nonexistent', AWS_SHARED_CREDENTIALS_FILE: '/nonexistent' };
/** What must never be readable in the bucket: every test's command lines, outputs and names. */
const CANARIES = ['canaryline-5w', 'canaryout-7q9z', 'canaryprivate-3k', 'laptop', 'desktop', 'printf'];

interface DeviceApp {
  readonly server: AppServer;
  readonly page: Page;
}

let s3: LocalS3;
let browser: Browser;
let laptop: DeviceApp;
let desktop: DeviceApp;
let phrase: string;
const dirs: string[] = [];
const where = (): string[] => ['--endpoint', s3.endpoint, '--bucket', s3.bucket];
const newDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'ct-sync-e2e-'));
  dirs.push(dir);
  return dir;
};

const items = (page: Page): Locator => page.getByTestId('command-item');
const itemWith = (page: Page, text: string): Locator => items(page).filter({ has: page.locator('.command-line', { hasText: text }) });

/** Syncs device A as a user would: Settings → Sync → Sync now, until the state is idle again after it. */
const syncFromSettings = async (page: Page): Promise<void> => {
  await page.getByTestId('settings-open').click();
  const status = page.getByTestId('sync-status');
  await status.waitFor();
  await expect.poll(() => status.getAttribute('data-state'), { timeout: 30_000 }).toBe('idle');
  const before = Number(await status.getAttribute('data-last-sync'));
  await page.getByTestId('sync-now').click();
  // Done once idle with a newer last sync (a run on the interval may have finished just before).
  await expect
    .poll(
      async () => (await status.getAttribute('data-state')) === 'idle' && Number(await status.getAttribute('data-last-sync')) > before,
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.getByTestId('settings-close').click();
};

/** Syncs device B through its running app, from the CLI. */
const syncFromCli = async (dataDir: string): Promise<{ pushed: number; pulled: number; forgotten: number }> => {
  const run = await runCli(['sync', 'now', '--json', '--data-dir', dataDir], ENV);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as { pushed: number; pulled: number; forgotten: number };
};

/** Ctrl+R in the active terminal, then the query; the result rows. */
const searchHistory = async (page: Page, query: string): Promise<Locator> => {
  await page.locator('[data-testid="terminal"]').click();
  await page.keyboard.press('Control+r');
  await page.getByTestId('history-search').waitFor();
  await page.getByTestId('history-search').fill(query);
  await expect.poll(() => page.getByTestId('history-search-overlay').getAttribute('data-searching'), { timeout: 30_000 }).toBe('false');
  return page.getByTestId('history-result');
};

const closeSearch = async (page: Page): Promise<void> => {
  await page.keyboard.press('Escape');
  await page.getByTestId('history-search-overlay').waitFor({ state: 'detached' });
};

beforeAll(async () => {
  s3 = await startS3();
  const [dirA, dirB] = [newDir(), newDir()];
  const init = await runCli(['sync', 'init', ...where(), '--data-dir', dirA, '--device-name', 'laptop'], ENV);
  expect(init.code).toBe(0);
  phrase = /^ {2}((?:[a-z]+ ){23}[a-z]+)$/m.exec(init.stdout)![1]!;
  browser = await launchBrowser();
  const open = async (dataDir: string): Promise<DeviceApp> => {
    const server = await startServer({ dataDir, env: ENV });
    return { server, page: await openPage(browser, server.url, { integrated: true }) };
  };
  [laptop, desktop] = await Promise.all([open(dirA), open(dirB)]);
}, 120_000);

afterEach(() => {
  expect(plainTextFound(s3.directory, CANARIES)).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([laptop?.server.stop(), desktop?.server.stop()]);
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Fills Settings → Sync's set-up form (Settings open, sync off here) and submits it. */
const fillSetUp = async (
  page: Page,
  fields: { mode: 'init' | 'join'; prefix?: string; deviceName: string; phrase?: string },
): Promise<void> => {
  await page.getByTestId(`sync-mode-${fields.mode}`).check();
  await page.getByTestId('sync-endpoint').fill(s3.endpoint);
  await page.getByTestId('sync-bucket').fill(s3.bucket);
  await page.getByTestId('sync-prefix').fill(fields.prefix ?? '');
  await page.getByTestId('sync-device-name').fill(fields.deviceName);
  if (fields.phrase !== undefined) await page.getByTestId('sync-phrase').fill(fields.phrase);
  await page.getByTestId('sync-set-up-submit').click();
};

describe('sync between two running apps', () => {
  it('joins the desktop from Settings → Sync, after refusing a wrong phrase with nothing written', { timeout: 120_000 }, async () => {
    const page = desktop.page;
    await page.getByTestId('settings-open').click();
    const status = page.getByTestId('sync-status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('off');
    await page.locator('#settings-sync').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), 'ct-sync-set-up.png') });
    const before = storedObjects(s3.directory)
      .map((file) => file.path)
      .sort();
    await fillSetUp(page, { mode: 'join', deviceName: 'desktop', phrase: generateMnemonic(wordlist, 256) });
    await expect
      .poll(() => page.getByTestId('sync-set-up-error').innerText(), { timeout: 30_000 })
      .toMatch(/does not open the sync group.*nothing was written/);
    expect(existsSync(join(desktop.server.dataDir, 'sync.json'))).toBe(false);
    expect(
      storedObjects(s3.directory)
        .map((file) => file.path)
        .sort(),
    ).toEqual(before);

    await page.getByTestId('sync-phrase').fill(phrase);
    await page.getByTestId('sync-set-up-submit').click();
    await expect.poll(() => status.getAttribute('data-device'), { timeout: 30_000 }).toBe('desktop');
    expect(await page.getByTestId('sync-phrase-shown').count()).toBe(0);
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 60_000 }).toBe('idle');
    await page.getByTestId('settings-close').click();
  });

  it('finds on the desktop, with its device, a command run in the laptop terminal', { timeout: 180_000 }, async () => {
    await laptop.page.getByTestId('settings-open').click();
    const status = laptop.page.getByTestId('sync-status');
    await expect.poll(() => status.getAttribute('data-device'), { timeout: 15_000 }).toBe('laptop');
    await laptop.page.getByTestId('settings-close').click();

    await typeInTerminal(laptop.page, "echo canaryline-5w; printf 'canaryout-%s\\n' 7q9z\n");
    await waitForTerminalText(laptop.page, /^canaryout-7q9z\s*$/m);
    await expect.poll(() => itemWith(laptop.page, 'canaryline-5w').getAttribute('data-exit-code'), { timeout: 30_000 }).toBe('0');

    await syncFromSettings(laptop.page);
    await laptop.page.getByTestId('settings-open').click();
    await laptop.page.locator('#settings-sync').scrollIntoViewIfNeeded();
    await laptop.page.screenshot({ path: join(tmpdir(), 'ct-sync-settings.png') });
    await laptop.page.getByTestId('settings-close').click();

    expect(await syncFromCli(desktop.server.dataDir)).toMatchObject({ pulled: 1 });
    const results = await searchHistory(desktop.page, 'canaryline');
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(1);
    expect(await results.first().getByTestId('history-result-device').getAttribute('data-device')).toBe('laptop');
    await desktop.page.screenshot({ path: join(tmpdir(), 'ct-sync-ctrl-r.png') });
    await closeSearch(desktop.page);

    // The Commands panel's search finds it too, with the same device badge as the ssh host's.
    await desktop.page.getByTestId('command-search').fill('canaryline');
    const item = itemWith(desktop.page, 'canaryline-5w');
    await item.waitFor({ timeout: 15_000 });
    expect(await item.getByTestId('command-device').getAttribute('data-device')).toBe('laptop');
    // Attached to a question, its chip names the device too.
    await item.locator('.command-line').click();
    const chip = desktop.page.getByTestId('attachment-chip');
    await chip.waitFor({ timeout: 15_000 });
    expect(await chip.getAttribute('data-device')).toBe('laptop');
    await chip.getByTestId('attachment-remove').click();
    await desktop.page.getByTestId('command-search').fill('');
  });

  it('never sends what a private tab ran', { timeout: 180_000 }, async () => {
    const page = laptop.page;
    await page.getByTestId('tab-private').click();
    await page.locator('.terminal-pane[data-recording="private"]').waitFor();
    await typeInTerminal(page, 'echo canaryprivate-3k-$((40+2))\n');
    await waitForTerminalText(page, /^canaryprivate-3k-42\s*$/m);
    await page.getByTestId('tab').nth(1).getByTestId('tab-close').click();
    await expect.poll(() => page.getByTestId('tab').count()).toBe(1);
    // A recorded command after it: once it reaches the desktop, the private one would have too.
    await typeInTerminal(page, 'echo canaryline-5w-after\n');
    await expect.poll(() => itemWith(page, 'canaryline-5w-after').getAttribute('data-exit-code'), { timeout: 30_000 }).toBe('0');

    await syncFromSettings(page);
    await syncFromCli(desktop.server.dataDir);
    const after = await searchHistory(desktop.page, 'canaryline-5w-after');
    await expect.poll(() => after.count(), { timeout: 15_000 }).toBe(1);
    await desktop.page.getByTestId('history-search').fill('canaryprivate');
    await expect.poll(() => desktop.page.getByTestId('history-search-overlay').getAttribute('data-searching')).toBe('false');
    expect(await after.count()).toBe(0);
    await closeSearch(desktop.page);
  });

  it('syncs the desktop by itself on the interval set in Settings', { timeout: 120_000 }, async () => {
    const page = desktop.page;
    await page.getByTestId('settings-open').click();
    await page.getByTestId('sync-interval').fill('5');
    await page.getByTestId('settings-save').click();
    await page.getByTestId('settings-close').click();
    await page.getByTestId('settings-page').waitFor({ state: 'detached' });

    await typeInTerminal(laptop.page, 'echo canaryline-5w-auto\n');
    await expect.poll(() => itemWith(laptop.page, 'canaryline-5w-auto').getAttribute('data-exit-code'), { timeout: 30_000 }).toBe('0');
    await syncFromSettings(laptop.page);
    // No "Sync now" on the desktop: its next run on the 5 s interval brings the record (the CLI reads its database).
    const found = async (): Promise<number> => {
      const run = await runCli(['history', 'search', 'canaryline-5w-auto', '--json', '--data-dir', desktop.server.dataDir], ENV);
      return run.code === 0 ? (JSON.parse(run.stdout) as unknown[]).length : -1;
    };
    await expect.poll(found, { timeout: 60_000, interval: 500 }).toBe(1);
    await page.getByTestId('command-search').fill('canaryline-5w-auto');
    await itemWith(page, 'canaryline-5w-auto').waitFor({ timeout: 15_000 });
    await page.getByTestId('command-search').fill('');
  });

  it('forgets on the desktop what the laptop forgot, and the bucket keeps none of it', { timeout: 180_000 }, async () => {
    const page = laptop.page;
    await page.getByTestId('settings-open').click();
    await page.getByTestId('history-forget-hour').click();
    await page.getByTestId('confirm-close').click();
    await page.getByTestId('storage-status').filter({ hasText: 'Forgotten' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('settings-close').click();

    await syncFromSettings(page);
    expect((await syncFromCli(desktop.server.dataDir)).forgotten).toBeGreaterThanOrEqual(2);
    const results = await searchHistory(desktop.page, 'canaryline');
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(0);
    await closeSearch(desktop.page);
    // Every object's bytes: the forgotten command line is gone from the bucket too (afterEach scans it all).
    expect(plainTextFound(s3.directory, ['canaryline-5w'])).toEqual([]);
  });

  it(
    'shows a failing sync in Settings and above the terminal, then catches up; turns off from Settings',
    { timeout: 180_000 },
    async () => {
      const page = desktop.page;
      const file = join(desktop.server.dataDir, 'sync.json');
      const setUp = readFileSync(file, 'utf8');
      // The endpoint goes offline (nothing listens on port 9 here): the next run fails, recording goes on.
      writeFileSync(file, setUp.replace(s3.endpoint, 'http://127.0.0.1:9'));
      await page.getByTestId('settings-open').click();
      const status = page.getByTestId('sync-status');
      await page.getByTestId('sync-now').click();
      await expect.poll(() => status.getAttribute('data-state'), { timeout: 90_000 }).toBe('failed');
      expect(await page.getByTestId('sync-error').innerText()).toMatch(/failed/);
      await page.locator('#settings-sync').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(tmpdir(), 'ct-sync-failed.png') });
      await page.getByTestId('settings-close').click();
      await page.getByTestId('sync-failing').waitFor();

      writeFileSync(file, setUp);
      await syncFromCli(desktop.server.dataDir);
      await page.getByTestId('sync-failing').waitFor({ state: 'detached' });

      await page.getByTestId('settings-open').click();
      await page.getByTestId('sync-off').click();
      await page.getByTestId('confirm-close').click();
      await expect.poll(() => status.getAttribute('data-state'), { timeout: 30_000 }).toBe('off');
      expect(existsSync(file)).toBe(false);
      expect(existsSync(join(desktop.server.dataDir, 'sync-key'))).toBe(false);

      // Sync off here: a new group from Settings (another prefix) shows its phrase once.
      await fillSetUp(page, { mode: 'init', prefix: 'second', deviceName: 'desktop' });
      const shown = page.getByTestId('sync-phrase-shown');
      await expect
        .poll(async () => ((await shown.count()) > 0 ? (await shown.innerText()).trim().split(/\s+/).length : 0), { timeout: 30_000 })
        .toBe(24);
      await page.locator('#settings-sync').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(tmpdir(), 'ct-sync-phrase.png') });
      await page.getByTestId('sync-phrase-done').click();
      await shown.waitFor({ state: 'detached' });
      await expect.poll(() => status.getAttribute('data-state'), { timeout: 60_000 }).toBe('idle');
      await page.getByTestId('settings-close').click();
    },
  );

  it('refuses a wrong phrase, writing nothing here or in the bucket', { timeout: 60_000 }, async () => {
    const dir = newDir();
    const before = storedObjects(s3.directory)
      .map((file) => file.path)
      .sort();
    const run = await runCli(['sync', 'join', '--phrase', generateMnemonic(wordlist, 256), ...where(), '--data-dir', dir], ENV);
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/does not open/);
    expect(existsSync(join(dir, 'sync.json'))).toBe(false);
    expect(existsSync(join(dir, 'sync-key'))).toBe(false);
    expect(
      storedObjects(s3.directory)
        .map((file) => file.path)
        .sort(),
    ).toEqual(before);
  });
});
