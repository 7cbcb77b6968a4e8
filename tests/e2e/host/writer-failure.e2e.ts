// SPDX-License-Identifier: MIT
import { afterAll, expect, it } from 'vitest';
import { openApp, openPage, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

/**
 * The history database's writer thread failing, as the user sees it. A fault planted in the host
 * (electron/runtime/test-faults.ts) kills the writer whenever the shell prints the trigger. The
 * first failures are repaired behind the user's back with a short "resumed" notice; once the writer
 * keeps failing it is given up on, and the banner says so, what was lost and what to do, while
 * the terminal goes on working.
 */
let app: OpenApp | undefined;

afterAll(() => app?.close());

const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

it('tells the user when recording stopped and resumed, then that it stopped for good, while the terminal keeps working', async () => {
  app = await openApp({ server: { env: { CONTEXTERM_TEST_FAULTS: 'writer:throw:writer-42-boom' } } });
  const { page, server: host } = app;
  const banner = page.getByTestId('recording-banner');

  await typeInTerminal(page, 'echo writer-$((6*7))-boom\r');
  await banner.and(page.locator('[data-state="ok"]')).waitFor({ timeout: 20_000 });
  expect(await banner.innerText()).toMatch(/Recording resumed \(.+ could not be saved\)/);

  // Three more failures (restarted at once, then after 1 s and 5 s): the fourth is one too many.
  for (let failure = 2; failure <= 4; failure++) {
    await typeInTerminal(page, `echo writer-$((6*7))-boom ${failure}\r`);
    await expect.poll(() => count(host.stderr(), /writer stopped unexpectedly/), { timeout: 20_000 }).toBe(failure);
    if (failure < 4) await expect.poll(() => count(host.stderr(), /store: Recording resumed/), { timeout: 20_000 }).toBe(failure);
  }
  await banner.and(page.locator('[data-state="failing"]')).waitFor({ timeout: 20_000 });
  const text = await banner.innerText();
  expect(text).toMatch(/Recording stopped: the history database writer failed and could not be restarted/);
  expect(text).toMatch(/restart Contexterm to record again/);

  await typeInTerminal(page, 'echo still-$((4+4))-here\r');
  await waitForTerminalText(page, /still-8-here/);

  // A window opened now is told too: main answers for the writer it gave up on.
  const late = await openPage(app.browser, host.url);
  await late.getByTestId('recording-banner').and(late.locator('[data-state="failing"]')).waitFor({ timeout: 20_000 });
  expect(await late.getByTestId('recording-banner').innerText()).toMatch(/could not be restarted/);
}, 90_000);
