// SPDX-License-Identifier: MIT
// `npm run bench:ui`: Contexterm's real UI against a bare xterm.js page in one Chromium, with
// interleaved rounds. Throughput is "Enter → the next prompt on screen"; echo is "keydown → the
// frame that shows the letter"; both timed in the page (tests/bench/ui/page/probe.ts).
import { basename } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { rawPty } from '../pipeline-bench';
import { interleaved, median, percentile, round } from '../stats';
import type { Fixture, UiRig } from './ui-setup';
import { startRig } from './ui-setup';
import { profiled } from './page-profile';
import { benchPageLoad } from './page-load-bench';
import { benchSeq, SEQ_COUNT, SEQ_QUICK_COUNT } from './seq-bench';
import type { TermPage, Watch } from './term-page';

type Metrics = Record<string, number>;
/** Progress on stderr: a run takes minutes, and a stuck step should be obvious. */
const step = (message: string) => process.stderr.write(`  ui: ${message}\n`);
const MB = 1_000_000;
const CTRL_C = { kind: 'key', key: 'c', ctrl: true } as const;

/** What a page's floods showed besides their speed: the longest frame gap and long task of each. */
interface Smoothness {
  readonly gaps: number[];
  readonly longTasks: number[];
  readonly longTaskCounts: number[];
}
const smoothness = (): Smoothness => ({ gaps: [], longTasks: [], longTaskCounts: [] });

/** Cats `file` and returns MB/s from Enter to the prompt; its frame gap and long tasks go to `seen`. */
const catRate = async (page: TermPage, file: Fixture, seen: Smoothness): Promise<number> => {
  step(`${page.name}: cat ${(file.bytes / MB).toFixed(0)} MB`);
  const name = `${page.name}-${basename(file.path, '.txt')}`;
  const watch = await profiled(page.page, name, () => page.run(`cat ${file.path}`));
  seen.gaps.push(watch.maxGapMs);
  seen.longTasks.push(watch.longTaskMaxMs);
  seen.longTaskCounts.push(watch.longTasks);
  return file.bytes / MB / (watch.ms / 1000);
};

/** Every flood's smoothness, per page, for the figures over all floods (longtask_max_ms …). */
const floods: Record<'ct' | 'bare', Smoothness> = { ct: smoothness(), bare: smoothness() };

const throughput = async (rig: UiRig, file: Fixture, rounds: number, prefix: string, raw = false): Promise<Metrics> => {
  const gaps = { ct: smoothness(), bare: smoothness() };
  // With `raw`, each round also reads the file through a bare node-pty in this process (the
  // physical limit): the page's rate over it, per round.
  const rawRatios: number[] = [];
  const rawRates: number[] = [];
  const contexterm = async () => {
    const rawRate = raw ? await rawPty(file.path, file.bytes) : NaN;
    const rate = await catRate(rig.contexterm, file, gaps.ct);
    rawRates.push(rawRate);
    rawRatios.push(rate / rawRate);
    return rate;
  };
  const result = await interleaved(rounds, contexterm, () => catRate(rig.bare, file, gaps.bare));
  for (const page of ['ct', 'bare'] as const) {
    floods[page].gaps.push(...gaps[page].gaps);
    floods[page].longTasks.push(...gaps[page].longTasks);
    floods[page].longTaskCounts.push(...gaps[page].longTaskCounts);
  }
  const rawFigures: Metrics = raw
    ? {
        [`ui_${prefix}_vs_raw_pty`]: round(median(rawRatios)),
        [`ui_${prefix}_vs_raw_pty_min`]: round(Math.min(...rawRatios)),
        [`ui_${prefix}_vs_raw_pty_max`]: round(Math.max(...rawRatios)),
        [`raw_pty_${prefix}_mb_s`]: round(median(rawRates), 1),
      }
    : {};
  return {
    ...rawFigures,
    [`ui_${prefix}_vs_bare`]: round(result.ratio),
    [`ui_${prefix}_vs_bare_min`]: round(Math.min(...result.ratios)),
    [`ui_${prefix}_vs_bare_max`]: round(Math.max(...result.ratios)),
    [`ui_${prefix}_mb_s`]: round(result.subject, 2),
    [`bare_${prefix}_mb_s`]: round(result.baseline, 2),
    [`ui_${prefix}_frame_gap_ms`]: round(median(gaps.ct.gaps), 1),
    [`bare_${prefix}_frame_gap_ms`]: round(median(gaps.bare.gaps), 1),
    [`ui_${prefix}_longtask_max_ms`]: round(Math.max(...gaps.ct.longTasks), 1),
    [`bare_${prefix}_longtask_max_ms`]: round(Math.max(...gaps.bare.longTasks), 1),
  };
};

const echoStats = (prefix: string, times: number[]): Metrics => ({
  [`${prefix}_p50_ms`]: round(percentile(times, 50), 1),
  [`${prefix}_p95_ms`]: round(percentile(times, 95), 1),
  [`${prefix}_max_ms`]: round(Math.max(...times), 1),
});

/** Input for the bare page's second, hidden terminal (it cannot take focus; see page/bare-page.ts). */
const typeInHidden = (bare: TermPage, data: string): Promise<void> =>
  bare.page.evaluate((text) => (globalThis as unknown as { bareSend(i: number, d: string): void }).bareSend(1, text), data);

/** Echo at an idle prompt, then with `yes` flooding a second (hidden) terminal of the same page. */
const echo = async (rig: UiRig, count: number): Promise<Metrics> => {
  const { contexterm: ct, bare } = rig;
  step('echo at an idle prompt');
  const idle = { ct: [] as number[], bare: [] as number[] };
  for (let half = 0; half < 2; half++) {
    idle.ct.push(...(await ct.echoes(count / 2)));
    idle.bare.push(...(await bare.echoes(count / 2)));
  }

  step('echo with `yes` in another tab');
  await ct.page.locator('[data-testid="tab-new"]').click();
  await ct.waitPrompt();
  await ct.focus();
  await ct.page.keyboard.type('yes\n');
  await ct.waitText(/y\s*y\s*y/);
  await ct.page.locator('[data-testid="tab"]').first().click();
  await ct.waitPrompt();
  await ct.focus();
  await typeInHidden(bare, 'yes\r');
  const load = { ct: [] as number[], bare: [] as number[] };
  for (let half = 0; half < 2; half++) {
    load.bare.push(...(await bare.echoes(count / 2)));
    load.ct.push(...(await ct.echoes(count / 2)));
  }
  await typeInHidden(bare, '\x03');
  // `yes` ran in a hidden tab all along: Ctrl+C as its tab comes back on screen (its screen comes
  // from the mirror, which queued what it had not parsed yet). Timed, not only waited for: one CI
  // run saw no prompt within 20 s here, which the fixed wait could not tell from a lost key.
  await ct.page.locator('[data-testid="tab"]').nth(1).click();
  await ct.focus();
  const stop: Watch = await ct.timePrompt(CTRL_C, () => ct.page.keyboard.press('Control+c'), 60_000);
  await ct.page.locator('[data-testid="tab"]').first().click();
  await ct.focus();
  return {
    hidden_ctrl_c_stop_ms: round(stop.ms, 1),
    ...echoStats('echo', idle.ct),
    ...echoStats('bare_echo', idle.bare),
    ...echoStats('echo_load', load.ct),
    ...echoStats('bare_echo_load', load.bare),
  };
};

/** Ctrl+C one second into a flood of `file`: keydown → the prompt back on screen. */
const ctrlC = async (page: TermPage, file: Fixture): Promise<number> => {
  step(`${page.name}: Ctrl+C during a flood`);
  await page.page.keyboard.type(`cat ${file.path}\n`);
  await page.waitText(/worker-\d/);
  await delay(1000);
  const watch: Watch = await page.timePrompt(CTRL_C, () => page.page.keyboard.press('Control+c'), 120_000);
  return watch.ms;
};

/** New tabs: click → the new terminal's prompt on screen; and the page's JS heap per tab. */
const tabs = async (rig: UiRig, count: number): Promise<Metrics> => {
  const { page } = rig.contexterm;
  const cdp = await page.context().newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize / MB;
  };
  step('new tabs');
  const before = await heap();
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const watch = await rig.contexterm.timePrompt({ kind: 'click' }, () => page.locator('[data-testid="tab-new"]').click(), 30_000, true);
    times.push(watch.ms);
  }
  await rig.contexterm.waitPrompt();
  const after = await heap();
  const bareCdp = await rig.bare.page.context().newCDPSession(rig.bare.page);
  await bareCdp.send('HeapProfiler.collectGarbage');
  const bareHeap = (await bareCdp.send('Runtime.getHeapUsage')).usedSize / MB;
  return {
    tab_open_ms: round(median(times), 1),
    page_heap_mb: round(before, 1),
    page_heap_mb_per_tab: round((after - before) / count, 2),
    bare_page_heap_mb: round(bareHeap, 1),
  };
};

export const benchUi = async (options: { quick: boolean }): Promise<Metrics> => {
  const rig = await startRig({ bigBytes: 100 * MB });
  for (const page of ['ct', 'bare'] as const) floods[page] = smoothness();
  try {
    const rounds = options.quick ? 2 : 3;
    const metrics: Metrics = {
      ...(await throughput(rig, rig.files.log, rounds, 'cat', true)),
      ...(await throughput(rig, rig.files.ansi, rounds, 'ansi')),
      // `--quick` floods 1,000,000 lines instead of 3,000,000 (ui_seq_count says which).
      ...(await benchSeq(rig, options.quick ? SEQ_QUICK_COUNT : SEQ_COUNT, rounds)),
      ...(await echo(rig, options.quick ? 20 : 40)),
    };
    const stops = { ct: [] as number[], bare: [] as number[] };
    for (let index = 0; index < (options.quick ? 1 : 2); index++) {
      stops.ct.push(await ctrlC(rig.contexterm, rig.files.big));
      stops.bare.push(await ctrlC(rig.bare, rig.files.big));
    }
    metrics.ctrl_c_stop_ms = round(median(stops.ct), 1);
    metrics.bare_ctrl_c_stop_ms = round(median(stops.bare), 1);
    if (!options.quick) {
      const big = await throughput(rig, rig.files.big, 1, 'cat100');
      Object.assign(metrics, big, { max_frame_gap_ms: big.ui_cat100_frame_gap_ms!, bare_max_frame_gap_ms: big.bare_cat100_frame_gap_ms! });
    } else {
      Object.assign(metrics, { max_frame_gap_ms: metrics.ui_cat_frame_gap_ms!, bare_max_frame_gap_ms: metrics.bare_cat_frame_gap_ms! });
    }
    metrics.max_frame_gap_ms_vs_bare = round(metrics.max_frame_gap_ms! / metrics.bare_max_frame_gap_ms!);
    // Over every `cat` flood of the run (20 MB log, colour-heavy, 100 MB in a full run).
    metrics.longtask_max_ms = round(Math.max(...floods.ct.longTasks), 1);
    metrics.bare_longtask_max_ms = round(Math.max(...floods.bare.longTasks), 1);
    metrics.longtasks_per_flood = round(median(floods.ct.longTaskCounts), 1);
    metrics.bare_longtasks_per_flood = round(median(floods.bare.longTaskCounts), 1);
    Object.assign(metrics, await tabs(rig, 4));
    Object.assign(metrics, await benchPageLoad(rig, { rounds: options.quick ? 4 : 6 }));
    return metrics;
  } finally {
    await rig.close();
  }
};
