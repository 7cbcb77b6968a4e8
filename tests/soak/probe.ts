// SPDX-License-Identifier: MIT
// What the soak run reads of the server process and its data dir (Linux /proc).
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseStatus, type ProcStatus } from './measure';
import { parseSmaps, type Mapping } from './smaps';

export const readStatus = (pid: number): ProcStatus => parseStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));

export const readSmaps = (pid: number): Mapping[] => parseSmaps(readFileSync(`/proc/${pid}/smaps`, 'utf8'));

export const fdCount = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;

/** What the open descriptors point at, counted by kind (`socket`, `pipe`, `anon_inode:…`, or the file's path). */
export const fdKinds = (pid: number): Record<string, number> => {
  const kinds: Record<string, number> = {};
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let target: string;
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue; // closed between the listing and the read
    }
    const kind = /^(socket|pipe):/.exec(target)?.[1] ?? (target.startsWith('/dev/pts/') ? '/dev/pts' : target);
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
};

/** Bytes of every file under `dir`, in MB (the database, its WAL and whatever else the host keeps there). */
export const dirMb = (dir: string): number => {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += dirMb(path) * 1024 * 1024;
    else if (entry.isFile()) bytes += statSync(path).size;
  }
  return bytes / 1024 / 1024;
};

/** The server's own files in its data dir with their sizes in MB, largest first (for the report). */
export const dirFiles = (dir: string): Record<string, number> => {
  const sizes = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => [entry.name, Math.round((statSync(join(dir, entry.name)).size / 1024 / 1024) * 10) / 10] as const)
    .sort((a, b) => b[1] - a[1]);
  return Object.fromEntries(sizes);
};

/** Seconds since the process started (the cycle lines print it, to find a cycle in the server's own logs or traces). */
export const uptimeS = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  return Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) - startTicks / 100;
};

/** CPU time the process has used (user + system), in clock ticks (1/100 s on Linux). */
export const cpuTicks = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/**
 * RSS once the process has been quiet (≤ 10 % of a core) for `quietMs` and its last three samples,
 * 500 ms apart, agree within 0.5 MB; after `maxMs` whatever it is then. Each thread gives back
 * after 2 s without work and collects again a second later (electron/runtime/idle-release.ts): a
 * reading taken earlier depends on where that was, not on what stays.
 */
export const quietRss = async (pid: number, quietMs = 3_500, maxMs = 6_000): Promise<number> => {
  const started = performance.now();
  let quietSince = started;
  let ticks = cpuTicks(pid);
  const rss: number[] = [];
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuTicks(pid);
    if (now - ticks > 5) quietSince = performance.now();
    ticks = now;
    rss.push(readStatus(pid).rssMb);
    const recent = rss.slice(-3);
    const stable = recent.length === 3 && Math.max(...recent) - Math.min(...recent) <= 0.5;
    if ((stable && performance.now() - quietSince >= quietMs) || performance.now() - started >= maxMs) return rss.at(-1)!;
  }
};
