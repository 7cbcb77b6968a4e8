// SPDX-License-Identifier: MIT
// What the soak run reads of the server process and its data dir (Linux /proc).
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseStatus, type ProcStatus } from './measure';

export const readStatus = (pid: number): ProcStatus => parseStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));

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
