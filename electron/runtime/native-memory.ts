// SPDX-License-Identifier: MIT
import { createRequire } from 'node:module';
import { projectPath } from './paths';

interface MemoryAddon {
  trim(): boolean;
  limitArenas(count: number): boolean;
  usage(): number[];
}

let addon: MemoryAddon | null | undefined;

/**
 * native/memory.c, built by `npm install` through binding.gyp next to the termios addon (same
 * path from the sources and the bundles, as in electron/pty/termios.ts). Optional: without it
 * nothing is trimmed and the report has no allocator figures.
 */
const load = (): MemoryAddon | null => {
  if (addon !== undefined) return addon;
  try {
    const path = projectPath('build/Release/contexterm_memory.node');
    addon = createRequire(path)(path) as MemoryAddon;
  } catch {
    addon = null;
  }
  return addon;
};

/** Gives the C allocator's free pages back to the system (glibc); a no-op elsewhere. */
export const trimNativeHeap = (): void => void load()?.trim();

/**
 * At most two allocator arenas for the whole process (glibc; see native/memory.c). Called before
 * the worker threads start: a thread keeps the arena it first allocated in.
 */
export const limitNativeArenas = (): void => void load()?.limitArenas(2);

/** Bytes the C allocator has in use and holds free, over every thread's arena (glibc only). */
export const nativeHeap = (): { readonly usedBytes: number; readonly freeBytes: number } | undefined => {
  const [usedBytes, freeBytes] = load()?.usage() ?? [];
  return usedBytes === undefined || freeBytes === undefined ? undefined : { usedBytes, freeBytes };
};
