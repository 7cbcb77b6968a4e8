// SPDX-License-Identifier: MIT
// Page load → the first prompt on screen, Contexterm's page against the bare xterm.js page, each
// round a fresh browser context (empty cache and storage) on servers that are already running.
// Both pages are timed the same way, in the page (tests/bench/ui/page/load-probe.ts): from
// navigation start to the frame whose terminal rows end in the prompt. Contexterm's time is also
// split into parts, from the page's own performance entries and its socket's round trips.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { HostClient } from '../../integration/support/host-ws-client';
import { CHROMIUM_ARGS, startServer, type AppServer } from '../../e2e/support/app';
import { interleaved, median, round } from '../stats';
import { ASSETS_DIR } from './assets';
import { PROMPT } from './term-page';
import type { UiRig } from './ui-setup';

type Metrics = Record<string, number>;
const step = (message: string) => process.stderr.write(`  ui: ${message}\n`);
const VIEWPORT = { width: 1280, height: 800 };
const CT_ROWS = '[data-testid="terminal"] .xterm-rows';
const BARE_ROWS = '#t0 .xterm-rows';

interface Trip {
  readonly channel: string;
  readonly sent: number;
  readonly answered?: number;
}
/** What one load reports (ms since navigation start; bytes). */
interface Load {
  readonly prompt: number;
  readonly parts: Record<string, number>;
  readonly trips: readonly Trip[];
}

/** What the page's probe and performance entries say once the prompt is up (runs in the page). */
const readLoad = () => {
  type Entry = { name: string; startTime: number; responseEnd: number; decodedBodySize: number; duration: number };
  const page = globalThis as unknown as {
    __loadRecord: { prompt?: number; socketOpen?: number; firstOutput?: number; trips: Trip[] };
    performance: { getEntriesByType(type: string): Entry[]; getEntriesByName(name: string): Entry[] };
  };
  const record = page.__loadRecord;
  const prompt = record.prompt!;
  const resources = page.performance.getEntriesByType('resource').filter((entry) => entry.startTime < prompt);
  const scripts = resources.filter((entry) => /\.m?js(\?|$)/.test(entry.name));
  const fonts = resources.filter((entry) => /\.woff2?(\?|$)/.test(entry.name));
  const nav = page.performance.getEntriesByType('navigation')[0] as unknown as { responseEnd: number; domContentLoadedEventEnd: number };
  const mark = (name: string) => page.performance.getEntriesByName(name)[0]?.startTime ?? NaN;
  // The first terminal is asked for by the window's start (renderer/main.tsx), or by pty:spawn.
  const spawn = record.trips.find((trip) => trip.channel === 'workspace:start' || trip.channel === 'pty:spawn');
  const firstScript = scripts[0];
  return {
    prompt,
    trips: record.trips.filter((trip) => trip.sent < prompt),
    parts: {
      html_ms: nav.responseEnd,
      js_kb: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0) / 1000,
      js_loaded_ms: Math.max(...scripts.map((entry) => entry.responseEnd)),
      // The entry module's body runs once every module it imports was parsed and evaluated.
      script_eval_ms:
        mark('ct:main') -
        (firstScript ? Math.max(...scripts.filter((s) => s.startTime <= mark('ct:main')).map((s) => s.responseEnd)) : NaN),
      react_mount_ms: mark('ct:app-mounted') - mark('ct:render'),
      dom_ready_ms: nav.domContentLoadedEventEnd,
      socket_open_ms: record.socketOpen ?? NaN,
      spawn_sent_ms: spawn?.sent ?? NaN,
      trips_before_spawn: spawn ? record.trips.filter((trip) => trip.sent < spawn.sent).length : NaN,
      spawn_to_output_ms: spawn && record.firstOutput !== undefined ? record.firstOutput - spawn.sent : NaN,
      first_output_ms: record.firstOutput ?? NaN,
      output_to_prompt_ms: record.firstOutput !== undefined ? prompt - record.firstOutput : NaN,
      fonts: fonts.length,
      font_kb: fonts.reduce((sum, entry) => sum + entry.decodedBodySize, 0) / 1000,
      fonts_done_ms: fonts.length ? Math.max(...fonts.map((entry) => entry.responseEnd)) : 0,
    },
  };
};

/**
 * Warm: a new context of the running browser (its own empty HTTP cache, but the browser's process,
 * compiled-code and font caches warm). Cold: a browser of its own on a new profile directory, as a
 * first visit on a fresh install sees it (nothing cached anywhere in Chromium).
 */
const loadOnce = async (browser: Browser | 'cold', url: string, rows: string, probe: string): Promise<Load> => {
  let profile: string | undefined;
  let context: BrowserContext;
  if (browser === 'cold') {
    profile = mkdtempSync(join(tmpdir(), 'ct-bench-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      viewport: VIEWPORT,
      colorScheme: 'dark',
    });
  } else context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'dark' });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: `globalThis.__loadConfig=${JSON.stringify({ rows, prompt: PROMPT })};\n${probe}` });
    await page.goto(url);
    await page.waitForFunction(
      () => (globalThis as unknown as { __loadRecord?: { prompt?: number } }).__loadRecord?.prompt !== undefined,
      undefined,
      {
        timeout: 30_000,
        polling: 50,
      },
    );
    return (await page.evaluate(readLoad)) as Load;
  } finally {
    await context.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  }
};

/** Ends every terminal and forgets the saved layout, so the next page starts as a first visit does. */
const resetServer = async (server: AppServer): Promise<void> => {
  const client = await HostClient.connect(server.origin, server.token);
  try {
    for (const { id } of await client.invoke<Array<{ id: string }>>('pty:list', {})) await client.invoke('pty:kill', { id });
    await client.invoke('workspace:save', { groups: [], names: {} });
  } finally {
    client.close();
  }
};

const buildProbe = async (): Promise<string> => {
  mkdirSync(ASSETS_DIR, { recursive: true });
  await build({
    entryPoints: ['tests/bench/ui/page/load-probe.ts'],
    outdir: ASSETS_DIR,
    bundle: true,
    format: 'iife',
    target: 'es2022',
    logLevel: 'warning',
  });
  return readFileSync(join(ASSETS_DIR, 'load-probe.js'), 'utf8');
};

const spreadOf = (name: string, values: readonly number[], digits: number): Metrics => ({
  [name]: round(median(values), digits),
  [`${name}_min`]: round(Math.min(...values), digits),
  [`${name}_max`]: round(Math.max(...values), digits),
});

/** The median of each part over the rounds, under `prefix`; parts a page does not have (the bare page has no React) are left out. */
const parts = (prefix: string, loads: readonly Load[]): Metrics =>
  Object.fromEntries(
    Object.keys(loads[0]!.parts)
      .map((key) => [`${prefix}_${key}`, round(median(loads.map((load) => load.parts[key]!)), 1)] as const)
      .filter(([, value]) => Number.isFinite(value)),
  );

/**
 * Its own Contexterm server (the rig's already has terminals a new page would attach to) in a
 * home like the rig's, and the rig's bare server with one terminal a page.
 */
export const benchPageLoad = async (rig: UiRig, options: { rounds: number }): Promise<Metrics> => {
  const work = mkdtempSync(join(tmpdir(), 'ct-bench-load-'));
  const home = join(work, 'home');
  mkdirSync(home);
  writeFileSync(join(home, '.bashrc'), `PS1='${PROMPT} '\nHISTFILE=/dev/null\n`);
  writeFileSync(join(home, '.bash_profile'), '. ~/.bashrc\n');
  const server = await startServer({ env: { HOME: home, SHELL: '/bin/bash' }, dataDir: join(work, 'data') });
  try {
    const probe = await buildProbe();
    const bareUrl = new URL(rig.bare.page.url());
    bareUrl.searchParams.set('terms', '1');
    const ct: Load[] = [];
    const bare: Load[] = [];
    let browser: Browser | 'cold' = rig.browser;
    const contexterm = async () => {
      await resetServer(server);
      const load = await loadOnce(browser, server.url, CT_ROWS, probe);
      ct.push(load);
      step(`contexterm: prompt at ${load.prompt.toFixed(0)} ms (${load.trips.map((t) => `${t.channel}@${t.sent.toFixed(0)}`).join(' ')})`);
      return load.prompt;
    };
    const barePage = async () => {
      const load = await loadOnce(browser, bareUrl.href, BARE_ROWS, probe);
      bare.push(load);
      step(`bare: prompt at ${load.prompt.toFixed(0)} ms`);
      return load.prompt;
    };
    step('page load → first prompt (one warm-up round each)');
    await contexterm();
    await barePage();
    ct.length = 0;
    bare.length = 0;
    const result = await interleaved(options.rounds, contexterm, barePage);
    const warm = { ct: ct.splice(0), bare: bare.splice(0) };
    step('page load → first prompt, cold: a new browser profile each round');
    browser = 'cold';
    const cold = await interleaved(options.rounds, contexterm, barePage);
    return {
      ...spreadOf(
        'page_to_prompt_cold_ms',
        ct.map((load) => load.prompt),
        0,
      ),
      ...spreadOf(
        'bare_page_to_prompt_cold_ms',
        bare.map((load) => load.prompt),
        0,
      ),
      ...spreadOf('page_to_prompt_cold_ms_vs_bare', cold.ratios, 3),
      ...parts('page_load_cold', ct),
      ...spreadOf(
        'page_to_prompt_ms',
        warm.ct.map((load) => load.prompt),
        0,
      ),
      ...spreadOf(
        'bare_page_to_prompt_ms',
        warm.bare.map((load) => load.prompt),
        0,
      ),
      ...spreadOf('page_to_prompt_ms_vs_bare', result.ratios, 3),
      ...parts('page_load', warm.ct),
      ...parts('bare_page_load', warm.bare),
    };
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
};
