// SPDX-License-Identifier: MIT
// The soak run's clock: twelve cycles of the phases, each followed by idle time, RSS sampled every
// few seconds, and the boundaries of the measured part (after the warm-up) with the fds and threads at each.
import { setTimeout as delay } from 'node:timers/promises';
import type { Point } from './measure';
import { fdCount, fdKinds, quietRss, readSmaps, readStatus, uptimeS } from './probe';
import { smapsGrowth, type Mapping, type SmapsGrowth } from './smaps';
import { PHASES, type Rig } from './scenario';
import type { MemoryReport } from '../../shared/ipc/app';

const SAMPLE_MS = 2000;
/**
 * One hour of use holds this many rounds of the mix (a flood, a vim edit, a reload… every five
 * minutes): however long the run, it does this much, and a shorter run has less idle time between.
 */
export const CYCLES = 12;
/** The first two cycles of twelve (about a fifth of the run) are warm-up: caches fill, V8 sizes its heaps, nothing is judged. */
export const WARM_UP_CYCLES = 2;

const round1 = (mb: number): number => Math.round(mb * 10) / 10;

export interface Sample {
  /** Seconds since the first phase. */
  readonly t: number;
  readonly rssMb: number;
  readonly anonMb: number;
  readonly fileMb: number;
  readonly threads: number;
  readonly phase: string;
  /** Which cycle of the mix was running. */
  readonly cycle: number;
}

export interface Boundary {
  readonly t: number;
  readonly rssMb: number;
  readonly threads: number;
  readonly fds: number;
  readonly fdKinds: Record<string, number>;
  readonly pageHeapMb: number;
}

export interface PhaseCost {
  runs: number;
  /** Sum over the measured runs of RSS right after minus RSS before, MB: what the phase takes while it runs. */
  peakMb: number;
  /** The same after the idle time that follows it: what it leaves behind. */
  keptMb: number;
  seconds: number;
}

export interface Timeline {
  readonly samples: Sample[];
  readonly start: Boundary;
  readonly end: Boundary;
  readonly phases: Record<string, PhaseCost>;
  /** RSS at the start of each cycle and at the end (the same point in the mix, after the idle time). */
  readonly cycleStarts: Point[];
  /** Each thread's heap + external MB at each cycle's start (the server's app:memory): which one grows. */
  readonly threadsAtCycleStart: Array<Record<string, number>>;
  /** Each thread's heap in use (live objects after the idle collections) at each cycle's start. */
  readonly usedAtCycleStart: Array<Record<string, number>>;
  /**
   * At each cycle start, where RSS is: anonymous against file-backed (/proc/PID/status), and of the
   * anonymous part what the C allocator has in use and holds free (mallinfo2 through app:memory).
   * malloc in use growing is a leak of native objects; free growing is fragmentation; neither
   * growing while anonymous memory does is outside malloc (V8's pages, other mmaps).
   */
  readonly allocatorAtCycleStart: Array<Record<string, number>>;
  /** Which mappings changed from the first measured cycle start to the end point (/proc/PID/smaps). */
  readonly smaps?: SmapsGrowth;
  /** When the last cycle was over (seconds): the measured part is `start.t` to this. */
  readonly finishedT: number;
}

/** Waits until the fd count holds still for three reads a second apart (ptys just killed finish closing), at most 10 s. */
const settledFds = async (pid: number): Promise<number> => {
  const reads = [fdCount(pid)];
  for (let i = 0; i < 10 && !(reads.length >= 3 && reads.slice(-3).every((n) => n === reads.at(-1))); i++) {
    await delay(1000);
    reads.push(fdCount(pid));
  }
  return reads.at(-1)!;
};

/** Longer than an HTTP keep-alive (Node's default: 5 s), so a reload's asset connections have closed. */
const QUIET_BEFORE_FDS_MS = 6000;

const boundary = async (rig: Rig, pid: number, t0: number): Promise<Boundary> => {
  await delay(QUIET_BEFORE_FDS_MS);
  const fds = await settledFds(pid);
  const status = readStatus(pid);
  return {
    t: (performance.now() - t0) / 1000,
    rssMb: status.rssMb,
    threads: status.threads,
    fds,
    fdKinds: fdKinds(pid),
    pageHeapMb: await rig.page.heapMb(),
  };
};

const threadSizes = async (
  rig: Rig,
  pid: number,
): Promise<{ threads: Record<string, number>; used: Record<string, number>; allocator: Record<string, number> }> => {
  const status = readStatus(pid);
  const report = await rig.tabs[0]!.invoke<MemoryReport>('app:memory', {});
  return {
    threads: Object.fromEntries(report.threads.map((thread) => [thread.thread, round1(thread.heapTotalMb + thread.externalMb)])),
    // Live objects (after the idle collections) against what V8 holds for them: a leak of JS
    // objects raises the first; V8 sizing its heaps for the last burst raises only the second.
    used: Object.fromEntries(report.threads.map((thread) => [thread.thread, round1(thread.heapUsedMb)])),
    allocator: {
      anon: round1(status.anonMb),
      file: round1(status.fileMb),
      ...(report.mallocUsedMb === undefined ? {} : { mallocUsed: round1(report.mallocUsedMb) }),
      ...(report.mallocFreeMb === undefined ? {} : { mallocFree: round1(report.mallocFreeMb) }),
    },
  };
};

/**
 * Runs the cycles. `atCycleStart`, when given, is called after each cycle start's readings (with
 * CYCLES for the end point): the opt-in heap snapshots are taken there.
 */
export const runTimeline = async (
  rig: Rig,
  pid: number,
  minutes: number,
  log: (line: string) => void,
  atCycleStart?: (cycle: number) => Promise<void>,
): Promise<Timeline> => {
  const t0 = performance.now();
  const slotMs = (minutes * 60_000) / (CYCLES * PHASES.length);
  const samples: Sample[] = [];
  let phase = 'start';
  let cycle = 0;
  const sample = () => {
    const status = readStatus(pid);
    samples.push({ t: (performance.now() - t0) / 1000, ...status, phase, cycle });
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  const phases: Record<string, PhaseCost> = {};
  const cycleStarts: Point[] = [];
  const threadsAtCycleStart: Array<Record<string, number>> = [];
  const allocatorAtCycleStart: Array<Record<string, number>> = [];
  const usedAtCycleStart: Array<Record<string, number>> = [];
  let smapsAtStart: Mapping[] | undefined;
  const cycleStart = async () => {
    cycleStarts.push({ t: now(), y: round1(await quietRss(pid)) });
    const sizes = await threadSizes(rig, pid);
    threadsAtCycleStart.push(sizes.threads);
    allocatorAtCycleStart.push(sizes.allocator);
    usedAtCycleStart.push(sizes.used);
  };
  const now = (): number => (performance.now() - t0) / 1000;
  let start: Boundary | undefined;
  try {
    for (; cycle < CYCLES; cycle++) {
      // Whole cycles on both sides of the measured part, so the sawtooth of floods cannot tilt the slope.
      if (cycle === WARM_UP_CYCLES) {
        start = await boundary(rig, pid, t0);
        log(`warm-up over at ${start.t.toFixed(0)} s: RSS ${start.rssMb.toFixed(1)} MB, ${start.fds} fds, ${start.threads} threads`);
      }
      // Under WRITER_IDLE_MS and MIRROR_RETIRE_MS: every cycle is judged with the same threads up.
      await cycleStart();
      if (cycle === WARM_UP_CYCLES) smapsAtStart = readSmaps(pid);
      log(
        `cycle ${cycle} start (server up ${uptimeS(pid).toFixed(0)} s): RSS ${cycleStarts.at(-1)!.y} MB, ${JSON.stringify(allocatorAtCycleStart.at(-1))}, threads ${JSON.stringify(threadsAtCycleStart.at(-1))}, used ${JSON.stringify(usedAtCycleStart.at(-1))}`,
      );
      await atCycleStart?.(cycle);
      for (const current of PHASES) {
        phase = current.name;
        const before = readStatus(pid).rssMb;
        const began = performance.now();
        await current.run(rig);
        const after = readStatus(pid).rssMb;
        const seconds = (performance.now() - began) / 1000;
        // The rest of the phase's slot is idle, as between things a user does.
        await delay(Math.max(0, slotMs - (performance.now() - began)));
        const settled = readStatus(pid).rssMb;
        if (start !== undefined) {
          const cost = (phases[current.name] ??= { runs: 0, peakMb: 0, keptMb: 0, seconds: 0 });
          cost.runs++;
          cost.peakMb += after - before;
          cost.keptMb += settled - before;
          cost.seconds += seconds;
        }
        log(
          `${((performance.now() - t0) / 1000).toFixed(0).padStart(5)} s  ${current.name.padEnd(9)} RSS ${before.toFixed(1)} → ${after.toFixed(1)} → idle ${settled.toFixed(1)} MB`,
        );
      }
    }
    phase = 'end';
    const finishedT = now();
    await cycleStart();
    const smaps = smapsAtStart && smapsGrowth(smapsAtStart, readSmaps(pid));
    log(
      `end point (server up ${uptimeS(pid).toFixed(0)} s): RSS ${cycleStarts.at(-1)!.y} MB, ${JSON.stringify(allocatorAtCycleStart.at(-1))}, threads ${JSON.stringify(threadsAtCycleStart.at(-1))}, used ${JSON.stringify(usedAtCycleStart.at(-1))}`,
    );
    await atCycleStart?.(CYCLES);
    const end = await boundary(rig, pid, t0);
    return {
      samples,
      start: start ?? end,
      end,
      phases,
      cycleStarts,
      threadsAtCycleStart,
      usedAtCycleStart,
      allocatorAtCycleStart,
      smaps,
      finishedT,
    };
  } finally {
    clearInterval(timer);
  }
};
