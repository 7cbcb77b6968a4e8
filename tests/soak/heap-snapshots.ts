// SPDX-License-Identifier: MIT
// Opt-in heap snapshots of the server's main thread during a soak run: with
// CONTEXTERM_SOAK_HEAPSNAPSHOTS set to a directory, the server is launched with Node's
// `--heapsnapshot-signal=SIGUSR2` (written to that directory), the run takes one at the first
// measured cycle start, one in the middle and one at the end point, and reports which groups of
// live objects grew between them (heap-snapshot.ts). A snapshot stops the main thread for seconds
// and V8 keeps an id for every object from then on: the RSS figures of such a run are not the soak's.
import { closeSync, mkdirSync, openSync, readdirSync, readSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { heapGrowth, readSnapshot } from './heap-snapshot';

export interface HeapSnapshots {
  /** Environment for the server's launch. */
  readonly env: Record<string, string>;
  /** Takes one now, saved as `<label>.heapsnapshot`; resolves once the file is whole. */
  readonly take: (pid: number, label: string) => Promise<void>;
  /** Logs what grew from the first snapshot to each later one. */
  readonly report: (log: (line: string) => void) => void;
}

/** The last bytes of a file of `size` bytes (a snapshot is tens of MB: only its end is read). */
const tail = (path: string, size: number): string => {
  const fd = openSync(path, 'r');
  try {
    const bytes = Buffer.alloc(Math.min(16, size));
    readSync(fd, bytes, 0, bytes.length, size - bytes.length);
    return bytes.toString();
  } finally {
    closeSync(fd);
  }
};

/** A snapshot is written in one go by the main thread: whole when it ends its JSON and stops growing. */
const whole = async (path: string): Promise<void> => {
  let size = -1;
  for (let waited = 0; waited < 120_000; waited += 500) {
    await delay(500);
    const now = statSync(path).size;
    if (now === size && now > 0 && tail(path, now).trimEnd().endsWith('}')) return;
    size = now;
  }
  throw new Error(`heap snapshot ${path} was not finished in 2 minutes`);
};

export const heapSnapshots = (log: (line: string) => void): HeapSnapshots | undefined => {
  const dir = process.env.CONTEXTERM_SOAK_HEAPSNAPSHOTS;
  if (!dir) return undefined;
  mkdirSync(dir, { recursive: true });
  const taken: string[] = [];
  log(`heap snapshots: the server's main thread, into ${dir}`);
  return {
    env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${dir}`.trim() },
    take: async (pid, label) => {
      const before = new Set(readdirSync(dir));
      process.kill(pid, 'SIGUSR2');
      let file: string | undefined;
      for (let waited = 0; file === undefined; waited += 100) {
        if (waited > 30_000) throw new Error('the server wrote no heap snapshot in 30 s');
        await delay(100);
        file = readdirSync(dir).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
      }
      await whole(join(dir, file));
      const path = join(dir, `${label}.heapsnapshot`);
      renameSync(join(dir, file), path);
      taken.push(path);
      log(`heap snapshot ${path}: ${(statSync(path).size / 1048576).toFixed(0)} MB`);
    },
    report: (report) => {
      if (taken.length < 2) return;
      const first = readSnapshot(taken[0]!);
      for (const later of taken.slice(1)) {
        report(
          `heap growth, ${taken[0]} → ${later} (KB live before → after; objects new since the first and still alive; how most of those are held):`,
        );
        for (const g of heapGrowth(first, readSnapshot(later))) {
          report(
            `  ${(g.kbAfter - g.kbBefore).toFixed(1).padStart(8)} KB  ${g.group}  ${g.countBefore} → ${g.countAfter} (${g.kbBefore} → ${g.kbAfter} KB), new ${g.fresh} (${g.freshKb} KB), ${g.pathShare} of them: ${g.path}`,
          );
        }
      }
    },
  };
};
