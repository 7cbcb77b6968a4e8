// SPDX-License-Identifier: MIT
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';
import { canMountTmpfs, mountSmallDisk, type SmallDisk } from '../support/tmpfs';

let app: OpenApp | undefined;
let disk: SmallDisk | undefined;

afterAll(async () => {
  await app?.close();
  disk?.unmount();
});

if (!canMountTmpfs) console.warn('full-disk.e2e: needs to mount a tmpfs (root); skipped here');

/** The data directory on a real 24 MB disk, filled up while the user works. */
describe.skipIf(!canMountTmpfs)('a full disk in the UI', () => {
  it('shows why recording stopped, keeps the terminal working, and says when it resumes', async () => {
    disk = mountSmallDisk(24);
    app = await openApp({ server: { dataDir: join(disk.path, 'data') } });
    const { page } = app;
    const banner = page.getByTestId('recording-banner');

    disk.fill(2048);
    await typeInTerminal(page, 'yes disk-filler | head -c 30000000 > /dev/stdout; echo flood-$((2*3))-done\r');
    await banner.and(page.locator('[data-state="failing"]')).waitFor({ timeout: 60_000 });
    expect(await banner.innerText()).toMatch(/disk is full/i);
    await waitForTerminalText(page, /flood-6-done/, 60_000);
    // The terminal is still a terminal.
    await typeInTerminal(page, 'echo still-$((4+4))-here\r');
    await waitForTerminalText(page, /still-8-here/);

    disk.free();
    await typeInTerminal(page, 'echo back-$((5+5))\r');
    await banner.and(page.locator('[data-state="ok"]')).waitFor({ timeout: 30_000 });
    expect(await banner.innerText()).toMatch(/resumed/i);
    await page.getByTestId('command-item').filter({ hasText: 'echo back-$((5+5))' }).waitFor({ timeout: 15_000 });
  });
});
