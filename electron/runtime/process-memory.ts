// SPDX-License-Identifier: MIT
import { readFile } from 'node:fs/promises';
import type { MemoryReport } from '../../shared/ipc/app';
import { nativeHeap } from './native-memory';
import { threadMemory } from './thread-memory';

const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;

/**
 * Resident memory split the way the kernel counts it (Linux): `anonymous` is what the process
 * allocated (every heap, every malloc, SQLite's page caches); the rest maps files (the node or
 * Electron binary, shared libraries), shared with any other process running the same binary.
 */
const residentSplit = async (): Promise<{ anonymousMb: number; fileMb: number } | undefined> => {
  try {
    const text = await readFile('/proc/self/smaps_rollup', 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
    const rss = field('Rss');
    const anonymous = field('Anonymous');
    return Number.isFinite(rss) && Number.isFinite(anonymous) ? { anonymousMb: mb(anonymous), fileMb: mb(rss - anonymous) } : undefined;
  } catch {
    return undefined;
  }
};

/** What the host's process holds, and each thread's share of it (Settings → About, the footprint bench). */
export const processMemory = async (): Promise<MemoryReport> => {
  const [threads, split] = await Promise.all([threadMemory(), residentSplit()]);
  const native = nativeHeap();
  const allocator = native ? { mallocUsedMb: mb(native.usedBytes / 1024), mallocFreeMb: mb(native.freeBytes / 1024) } : {};
  return { rssMb: mb(process.memoryUsage.rss() / 1024), ...(split ?? {}), ...allocator, threads };
};
