// SPDX-License-Identifier: MIT
/**
 * Retention benchmarks (issue 13): what pruning at the cap costs ingest, and what an hour of
 * mixed use leaves on disk. Same store, same workload, interleaved rounds, ratios within the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNLIMITED_POLICY, type RetentionPolicy } from '../../electron/store/history/policy';
import type { Store } from '../../electron/store/store';
import { randomCommand, seededRandom, stripForBench, terminalText } from '../../electron/store/testing/workload';
import { buildWorkload, median, outputSize, runStore, type IngestOp } from './store-bench';

const MB = 1024 * 1024;

/** Until background pruning has brought raw output under the cap. */
const prunedTo =
  (cap: number) =>
  async (store: Store): Promise<void> => {
    while ((await store.tables.history.rawBytes()) > cap) await new Promise((resolve) => setTimeout(resolve, 5));
  };

const withDir = async <T>(run: (dir: string) => Promise<T>): Promise<T> => {
  const dir = mkdtempSync(join(tmpdir(), 'contexterm-retention-'));
  try {
    return await run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/**
 * The same 64 MB of mixed commands into an uncapped store and one capped at 8 MB (so it prunes
 * for seven eighths of the run, and is timed until pruning has caught up). Ratio: capped / uncapped
 * throughput, per round; target ≥ 0.9.
 */
export const benchIngestAtCap = async (options: { megabytes?: number; rounds?: number } = {}) => {
  const { ops, bytes } = buildWorkload(options.megabytes ?? 64);
  const rounds = options.rounds ?? 5;
  const cap = 8 * MB;
  const capped: RetentionPolicy = { ...UNLIMITED_POLICY, rawMaxBytes: cap };
  const ratios: number[] = [];
  const cappedRates: number[] = [];
  const order = seededRandom(11);
  for (let round = 0; round < rounds; round++) {
    let capSeconds = 0;
    let freeSeconds = 0;
    const runs = [
      () => withDir(async (dir) => (capSeconds = (await runStore(dir, ops, { policy: capped, settled: prunedTo(cap) })).seconds)),
      () => withDir(async (dir) => (freeSeconds = (await runStore(dir, ops, { policy: UNLIMITED_POLICY })).seconds)),
    ];
    if (order() < 0.5) runs.reverse();
    for (const run of runs) await run();
    ratios.push(freeSeconds / capSeconds);
    cappedRates.push(bytes / 1e6 / capSeconds);
  }
  const r2 = (v: number) => Math.round(v * 100) / 100;
  return {
    ingest_at_cap_vs_uncapped: r2(median(ratios)),
    ingest_at_cap_vs_uncapped_min: r2(Math.min(...ratios)),
    ingest_at_cap_vs_uncapped_max: r2(Math.max(...ratios)),
    ingest_at_cap_mb_s: r2(median(cappedRates)),
  };
};

/**
 * An hour of a developer's terminal, compressed: a command every ~10 s over four tabs (builds,
 * greps, test runs, the occasional long log) plus one `yes` left running for 96 MB, recorded
 * with the default limits. Database bytes per MB the terminals printed.
 */
const hourOfWork = (): { ops: IngestOp[]; bytes: number } => {
  const random = seededRandom(2026);
  const ops: IngestOp[] = [];
  let bytes = 0;
  const command = (seq: number, session: number, line: string, output: Buffer) => {
    ops.push({ kind: 'command-start', session, seq, line }, { kind: 'chunk', session, direction: 0, data: Buffer.from(`${line}\r`) });
    for (let at = 0; at < output.length; at += 4096)
      ops.push({ kind: 'chunk', session, direction: 1, data: output.subarray(at, at + 4096) });
    ops.push({ kind: 'command-end', session, seq, line, clean: stripForBench(output.subarray(0, 256 * 1024)) });
    bytes += output.length + line.length + 1;
  };
  for (let seq = 1; seq <= 360; seq++) command(seq, seq % 4, randomCommand(random).line, terminalText(random, outputSize(random)));
  command(361, 1, 'yes', Buffer.alloc(96 * MB, 'y\n'));
  return { ops, bytes };
};

export const benchHourOfHistory = async () => {
  const { ops, bytes } = hourOfWork();
  const defaults: RetentionPolicy = { ...UNLIMITED_POLICY, rawMaxBytes: 2048 * MB, commandRawMaxBytes: 64 * MB };
  const disk = await withDir(async (dir) => (await runStore(dir, ops, { policy: defaults })).diskBytes);
  return {
    db_bytes_per_recorded_mb: Math.round(disk / (bytes / MB)),
    hour_recorded_mb: Math.round(bytes / MB),
    hour_db_mb: Math.round((disk / MB) * 10) / 10,
  };
};
