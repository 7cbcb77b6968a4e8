// SPDX-License-Identifier: MIT
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, startServer, type AppServer } from '../../e2e/support/app';
import { buildUiAssets, writeLogFile } from './assets';
import { PROMPT, TermPage } from './term-page';

export interface Fixture {
  readonly path: string;
  readonly bytes: number;
}

export interface UiRig {
  readonly contexterm: TermPage;
  readonly bare: TermPage;
  readonly server: AppServer;
  readonly files: { readonly log: Fixture; readonly ansi: Fixture; readonly big: Fixture };
  readonly browser: Browser;
  close(): Promise<void>;
}

const MB = 1_000_000;

const startBare = (script: string, root: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, root], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (match) resolve({ child, url: match[0] });
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });

/**
 * Both pages side by side in one Chromium, each on its own server, with the same shell, the same
 * ~/.bashrc (a fixed prompt) and the same terminal size: Contexterm's default layout decides the
 * grid, and the bare page is given the same number of columns and rows.
 */
export const startRig = async (options: { bigBytes: number }): Promise<UiRig> => {
  const work = mkdtempSync(join(tmpdir(), 'ct-bench-ui-'));
  const home = join(work, 'home');
  mkdirSync(home);
  writeFileSync(join(home, '.bashrc'), `PS1='${PROMPT} '\nHISTFILE=/dev/null\n`);
  // Contexterm starts login shells, the bare server a plain one: both end up reading ~/.bashrc.
  writeFileSync(join(home, '.bash_profile'), '. ~/.bashrc\n');
  const [assets, log, ansi, big] = await Promise.all([
    buildUiAssets(),
    writeLogFile(join(work, 'log.txt'), 20 * MB, false),
    writeLogFile(join(work, 'ansi.txt'), 20 * MB, true),
    writeLogFile(join(work, 'big.txt'), options.bigBytes, false),
  ]);
  const env = { ...process.env, HOME: home, SHELL: '/bin/bash' };
  const cleanups: Array<() => Promise<unknown>> = [async () => rmSync(work, { recursive: true, force: true })];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    // With CT_BENCH_PROFILE the server writes CPU profiles of itself and its workers there at exit.
    const nodeArgs = process.env.CT_BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CT_BENCH_PROFILE}`] : [];
    const server = await startServer({ env: { HOME: home, SHELL: '/bin/bash' }, dataDir: join(work, 'data'), nodeArgs });
    cleanups.push(() => server.stop());
    const bareServer = await startBare(assets.bareServer, assets.dir, env);
    cleanups.push(async () => bareServer.child.kill('SIGTERM'));
    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    const pages = await openPages(browser, server.url, bareServer.url, assets.probe);
    const files = {
      log: { path: join(work, 'log.txt'), bytes: log },
      ansi: { path: join(work, 'ansi.txt'), bytes: ansi },
      big: { path: join(work, 'big.txt'), bytes: big },
    };
    return { ...pages, server, browser, files, close };
  } catch (error) {
    await close();
    throw error;
  }
};

const openPages = async (browser: Browser, appUrl: string, bareUrl: string, probe: string): Promise<Pick<UiRig, 'contexterm' | 'bare'>> => {
  // Dark, so Contexterm's `system` theme resolves to the palette both pages start with.
  const ctPage = await openPage(browser, appUrl, {
    viewport: { width: 1280, height: 800 },
    colorScheme: 'dark',
    beforeLoad: (page) => page.addInitScript({ content: probe }),
  });
  await ctPage.locator('[data-testid="segmentation-mode"][data-mode="integrated"]').waitFor({ timeout: 30_000 });
  const contexterm = new TermPage('contexterm', ctPage, '[data-testid="terminal"] .xterm-rows', '[data-testid="terminal"]');
  await contexterm.waitPrompt();
  await contexterm.focus();
  await contexterm.run('echo "SIZE=$(tput cols)x$(tput lines)"', 20_000);
  const size = /SIZE=(\d+)x(\d+)/.exec(await contexterm.text());
  if (!size) throw new Error('could not read the terminal size');
  // The font the user's settings put on the terminal (not the xterm defaults): the bare page uses it too.
  const font = await ctPage.evaluate(() => {
    type Style = { fontFamily: string; fontSize: string };
    const page = globalThis as unknown as { document: { querySelector(s: string): unknown }; getComputedStyle(e: unknown): Style };
    const style = page.getComputedStyle(page.document.querySelector('[data-testid="terminal"] .xterm-rows'));
    return { family: style.fontFamily, size: style.fontSize };
  });
  if (!font.family || !(parseFloat(font.size) > 0)) throw new Error(`could not read the terminal font: ${JSON.stringify(font)}`);
  const query = new URLSearchParams({
    cols: size[1]!,
    rows: size[2]!,
    terms: '2',
    fontFamily: font.family,
    fontSize: String(parseFloat(font.size)),
  });

  const barePage = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  await barePage.addInitScript({ content: probe });
  await barePage.goto(`${bareUrl}?${query}`);
  const bare = new TermPage('bare', barePage, '#t0 .xterm-rows', '#t0');
  await bare.waitPrompt();
  await bare.focus();

  return { contexterm, bare };
};
