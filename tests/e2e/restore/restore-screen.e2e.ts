// SPDX-License-Identifier: MIT
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openApp, openPage, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

const dataDir = mkdtempSync(join(tmpdir(), 'ct-restore-screen-'));
let app: OpenApp | undefined;

afterAll(() => app?.close());

const rows = (page: Page) => page.getByTestId('pane').first().locator('.xterm-rows').innerText();

describe('restore shows the kept screen and the earlier commands', () => {
  it('brings back the normal screen from before vim (no ~ rows, no query debris, a whole first line) and lists the commands run before', async () => {
    app = await openApp({ server: { dataDir } });
    let page = app.page;
    // Lines of 400 characters: any cut by bytes lands inside one; a line kept starts with its L number.
    await typeInTerminal(
      page,
      `awk 'BEGIN{for(i=1;i<=300;i++){s=sprintf("L%03d-",i); while(length(s)<400) s=s "x"; print s}}'; echo before-$((6*7))-vim\r`,
    );
    await waitForTerminalText(page, /before-42-vim/);
    await typeInTerminal(page, 'vim -u NONE -c "set nocompatible ruler" /tmp/ct-restore-screen-none\r');
    await waitForTerminalText(page, /^~\s*$/m);

    await page.close();
    expect(await app.restart()).toBe(0);
    page = await openPage(app.browser, app.server.url, { integrated: false });
    await expect.poll(() => rows(page), { timeout: 15_000 }).toMatch(/before-42-vim[\s\S]*restored · /);
    const shown = await rows(page);
    expect(shown).not.toMatch(/^~/m);
    expect(shown).not.toMatch(/\+q[0-9a-f]{4}|\$p|1,1\s+All/);
    await page.screenshot({ path: join(dataDir, 'restored-screen.png') });
    // At the top of the restored history: a whole line, not the tail of one cut in the middle.
    await page.getByTestId('pane').first().hover();
    // Scrolls up until a wheel turn changes nothing: then the first row is the first one kept.
    let before = '';
    const top = async () => {
      await page.mouse.wheel(0, -5_000);
      const now = await rows(page);
      const settled = now === before;
      before = now;
      return settled ? now.trimStart().split('\n')[0] : 'still scrolling';
    };
    await expect.poll(top, { timeout: 20_000 }).not.toBe('still scrolling');
    expect(before.trimStart().split('\n')[0]).toMatch(/^L\d{3}-x+$/);
    await page.screenshot({ path: join(dataDir, 'restored-top.png') });

    // Yesterday's commands are listed in the restored pane's Commands panel, and a click attaches one.
    const earlier = page.getByTestId('command-item').filter({ hasText: 'before-$((6*7))-vim' });
    await earlier.waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('command-item').filter({ hasText: 'vim -u NONE' }).count()).toBe(1);
    const commandId = await earlier.getAttribute('data-command-id');
    await earlier.click();
    await expect
      .poll(() => page.getByTestId('attachment-chip').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-command-id'))))
      .toEqual([commandId]);
    // It is the previous run's session, not the new shell's.
    expect(commandId?.split(':')[0]).not.toBe(await page.getByTestId('pane').first().getAttribute('data-session-id'));

    // The restored lines keep their gutter marks, and a click on one attaches its command too.
    const vimId = await page.getByTestId('command-item').filter({ hasText: 'vim -u NONE' }).getAttribute('data-command-id');
    const mark = page.locator(`.command-gutter[data-command-id="${vimId}"]`);
    await page.getByTestId('pane').first().hover();
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 5_000);
          return mark.first().isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await mark.first().click();
    await expect
      .poll(() => page.getByTestId('attachment-chip').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-command-id'))))
      .toEqual(expect.arrayContaining([commandId, vimId]));
    await page.screenshot({ path: join(dataDir, 'restored-commands.png') });
    console.log(`screenshots in ${dataDir}`);
  });
});
