// SPDX-License-Identifier: MIT
// `npm run soak`: an hour of mixed use, compressed, against browser mode (dist/node/web.mjs) with a
// throwaway HOME and data dir, bash, eight tabs, a scripted model and small history caps. Prints a
// line per phase, a summary, and one `SOAK {json}` line; exits non-zero when memory was not flat,
// descriptors leaked, the database outgrew its cap, or anything failed. See docs/soak.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, type AppServer } from '../e2e/support/app';
import { writeTextFile } from '../bench/pipeline-bench';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../fixtures/scripted-llm-server';
import { dbBoundMb, floors, parseMinutes, slopePer10Min, slopeStdErrPer10Min, slackMb, verdict } from './measure';
import { PageTab } from './page-tab';
import { dirFiles, dirMb } from './probe';
import type { Rig } from './scenario';
import { CYCLES, runTimeline, WARM_UP_CYCLES, type PhaseCost, type Timeline } from './timeline';
import { WsTab } from './ws-tab';
import { heaptrackTracing, type Tracing } from './heaptrack';
import { heapSnapshots } from './heap-snapshots';

/** Raw output kept, all terminals together: small, so that pruning runs in every cycle of floods. */
const RAW_CAP_MB = 16;
const MODEL = 'scripted-model';
const WS_TABS = 7;

const log = (line: string): void => void process.stdout.write(`${line}\n`);
const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** Server stderr lines that are errors or warnings (its ordinary log lines are not). */
const serverErrors = (stderr: string): string[] =>
  stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && /error|warn|fail|exception|unhandled|EMFILE|leak/i.test(line))
    .map((line) => `server stderr: ${line.slice(0, 300)}`);

const report = (
  minutes: number,
  timeline: Timeline,
  usage: Record<string, number>,
  dataDir: string,
  errors: string[],
): { json: Record<string, unknown>; reasons: string[] } => {
  const after = timeline.samples.filter((s) => s.t >= timeline.start.t && s.t <= timeline.finishedT);
  const measured = after.map((s) => ({ t: s.t, y: s.rssMb }));
  const slope = slopePer10Min(measured);
  const dbMb = dirMb(dataDir);
  const records = usage.commands ?? 0;
  const cycleStarts = timeline.cycleStarts.filter((p) => p.t >= timeline.start.t);
  // Judged at the same point of every cycle, once its idle time let the threads give back what the
  // phases took: memory kept shows there. Every sample's slope also tilts with the ~90 MB sawtooth
  // of floods that is given back, by where in a cycle the run happens to start and stop.
  const keptSlope = slopePer10Min(cycleStarts);
  const keptError = slopeStdErrPer10Min(cycleStarts);
  const reasons = verdict({
    slopeMbPer10Min: keptSlope,
    slopeStdErrMbPer10Min: keptError,
    fdsStart: timeline.start.fds,
    fdsEnd: timeline.end.fds,
    dbMb,
    capMb: RAW_CAP_MB,
    records,
    errors,
  });
  const rss = measured.map((p) => p.y);
  const byPhase = (pick: (cost: PhaseCost) => number, digits: number) =>
    Object.fromEntries(Object.entries(timeline.phases).map(([name, cost]) => [name, round(pick(cost), digits)]));
  const json = {
    minutes,
    cycles: timeline.cycleStarts.length - 1,
    measured_s: round(timeline.finishedT - timeline.start.t, 0),
    samples: measured.length,
    rss_slope_mb_per_10min: round(slope),
    rss_mb_start: round(timeline.start.rssMb, 1),
    rss_mb_end: round(timeline.end.rssMb, 1),
    rss_mb_min: round(Math.min(...rss), 1),
    rss_mb_max: round(Math.max(...rss), 1),
    // Where it grows: RSS at the same point of each cycle (after the idle time, before the flood),
    // the lowest of each cycle, and anonymous memory against mapped files.
    rss_mb_at_cycle_start: timeline.cycleStarts.map((p) => p.y),
    thread_mb_at_cycle_start: timeline.threadsAtCycleStart,
    thread_used_mb_at_cycle_start: timeline.usedAtCycleStart,
    allocator_mb_at_cycle_start: timeline.allocatorAtCycleStart,
    smaps_growth_measured: timeline.smaps,
    rss_cycle_start_slope_mb_per_10min: round(keptSlope),
    rss_cycle_start_slope_stderr_mb_per_10min: round(keptError),
    rss_floor_mb_by_cycle: floors(timeline.samples.map((s) => ({ t: s.t, y: s.rssMb, group: s.cycle }))).map((p) => round(p.y, 1)),
    rss_floor_slope_mb_per_10min: round(slopePer10Min(floors(after.map((s) => ({ t: s.t, y: s.rssMb, group: s.cycle }))))),
    rss_anon_slope_mb_per_10min: round(slopePer10Min(after.map((s) => ({ t: s.t, y: s.anonMb })))),
    rss_file_slope_mb_per_10min: round(slopePer10Min(after.map((s) => ({ t: s.t, y: s.fileMb })))),
    rss_anon_mb_start_end: [round(after[0]?.anonMb ?? NaN, 1), round(after.at(-1)?.anonMb ?? NaN, 1)],
    rss_file_mb_start_end: [round(after[0]?.fileMb ?? NaN, 1), round(after.at(-1)?.fileMb ?? NaN, 1)],
    rss_mb_peak_by_phase: byPhase((cost) => cost.peakMb / cost.runs, 1),
    rss_mb_kept_by_phase: byPhase((cost) => cost.keptMb, 1),
    seconds_by_phase: byPhase((cost) => cost.seconds / cost.runs, 1),
    fds_start: timeline.start.fds,
    fds_end: timeline.end.fds,
    fd_kinds_start: timeline.start.fdKinds,
    fd_kinds_end: timeline.end.fdKinds,
    threads_start: timeline.start.threads,
    threads_end: timeline.end.threads,
    page_heap_mb_start: round(timeline.start.pageHeapMb, 1),
    page_heap_mb_end: round(timeline.end.pageHeapMb, 1),
    db_mb: round(dbMb, 1),
    db_cap_mb: RAW_CAP_MB,
    db_slack_mb: slackMb(RAW_CAP_MB),
    db_bound_mb: round(dbBoundMb(RAW_CAP_MB, records), 1),
    db_files_mb: dirFiles(dataDir),
    history_usage: usage,
    errors: errors.length,
    error_list: errors.slice(0, 20),
    failed: reasons,
  };
  return { json, reasons };
};

const main = async (): Promise<number> => {
  const minutes = parseMinutes(process.argv.slice(2));
  const workDir = mkdtempSync(join(tmpdir(), 'contexterm-soak-'));
  const errors: string[] = [];
  let llm: ScriptedLlmServer | undefined;
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  const tabs: WsTab[] = [];
  let tracing: Tracing | undefined;
  try {
    writeTextFile(join(workDir, 'big.log'), 4_000_000);
    writeTextFile(join(workDir, 'small.log'), 2_000_000);
    llm = await startScriptedLlmServer({ models: [MODEL] });
    tracing = heaptrackTracing(log);
    const snapshots = heapSnapshots(log);
    server = await startServer({
      env: {
        ...tracing?.env,
        ...snapshots?.env,
        CONTEXTERM_PROVIDER: 'openai-compatible',
        CONTEXTERM_BASE_URL: llm.openaiBaseUrl,
        CONTEXTERM_MODEL: MODEL,
      },
    });
    const url = new URL(server.url);
    const pid = server.process.pid!;
    log(`soak: ${minutes} min against ${url.origin} (server pid ${pid}), data dir ${server.dataDir}`);
    // The page first: it opens its own terminal, and shows each one a WebSocket tab opens after it
    // as a background tab (pty:opened), as a window with eight tabs would.
    browser = await launchBrowser();
    const page = await PageTab.open(browser, server.url, errors);
    tabs.push(await WsTab.open(url, errors));
    // Small caps so retention prunes all along: raw output, one command's raw output, records.
    // A section is saved whole: the current one with the caps changed.
    const { history } = await tabs[0]!.invoke<{ history: Record<string, unknown> }>('settings:get', {});
    await tabs[0]!.invoke('settings:set', { history: { ...history, rawMaxMb: RAW_CAP_MB, commandRawMaxMb: 2, recordsMax: 400 } });
    while (tabs.length < WS_TABS) tabs.push(await WsTab.open(url, errors));
    const rig: Rig = { url, page, tabs, llm, workDir, errors };
    // Snapshots at the first measured cycle start, half-way and at the end point.
    const snapshotAt = new Set([WARM_UP_CYCLES, Math.round((WARM_UP_CYCLES + CYCLES) / 2), CYCLES]);
    const timeline = await runTimeline(
      rig,
      pid,
      minutes,
      log,
      snapshots && ((cycle) => (snapshotAt.has(cycle) ? snapshots.take(pid, `cycle-${cycle}`) : Promise.resolve())),
    );
    snapshots?.report(log);
    const usage = await tabs[0]!.invoke<Record<string, number>>('history:usage', {});
    errors.push(...serverErrors(server.stderr()));
    const { json, reasons } = report(minutes, timeline, usage, server.dataDir, errors);
    log(
      `RSS after warm-up: ${json.rss_mb_start} → ${json.rss_mb_end} MB (min ${json.rss_mb_min}, max ${json.rss_mb_max}), slope ${json.rss_slope_mb_per_10min} MB/10 min`,
    );
    log(
      `RSS at each cycle's start: ${(json.rss_mb_at_cycle_start as number[]).join(', ')} (slope ${json.rss_cycle_start_slope_mb_per_10min} ± ${json.rss_cycle_start_slope_stderr_mb_per_10min} MB/10 min)`,
    );
    log(
      `RSS floor per cycle: slope ${json.rss_floor_slope_mb_per_10min} MB/10 min; anonymous ${json.rss_anon_slope_mb_per_10min}, file-backed ${json.rss_file_slope_mb_per_10min} MB/10 min`,
    );
    if (timeline.smaps) log(`mappings, first measured cycle start → end: ${JSON.stringify(timeline.smaps)}`);
    log(
      `fds ${json.fds_start} → ${json.fds_end}, threads ${json.threads_start} → ${json.threads_end}, database ${json.db_mb} MB (bound ${json.db_bound_mb}: raw cap ${RAW_CAP_MB} + slack ${slackMb(RAW_CAP_MB)} + records)`,
    );
    log(reasons.length === 0 ? 'soak: passed' : `soak: FAILED\n  ${reasons.join('\n  ')}`);
    log(`SOAK ${JSON.stringify(json)}`);
    return reasons.length === 0 ? 0 : 1;
  } finally {
    for (const tab of tabs) tab.disconnect();
    await browser?.close();
    const dataDir = server?.dataDir;
    await server?.stop();
    await tracing?.done();
    await llm?.close();
    rmSync(workDir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    log(`SOAK ${JSON.stringify({ failed: [`the run broke off: ${error instanceof Error ? error.message : String(error)}`] })}`);
    process.exit(2);
  },
);
