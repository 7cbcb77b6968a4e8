// SPDX-License-Identifier: MIT
// Opt-in allocation tracing of the server during a soak run: with CONTEXTERM_SOAK_HEAPTRACK set to
// a file path (without extension), the server is launched with heaptrack's preload library
// (/usr/lib/heaptrack, what `heaptrack <program>` does; attaching to a running node through gdb
// crashes it), and the trace is interpreted and compressed into `<path>.zst` as it comes. Every
// malloc is then slower: the RSS figures of such a run are not the soak's. To see what the measured
// cycles allocated and kept, by call site, `heaptrack_print -f <path>.zst --print-leaks 1`: what was
// still allocated when the server exited, largest first (start-up's allocations among them). Only
// worth it when malloc in use grows between cycle starts (allocator_mb_at_cycle_start).
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const PRELOAD = '/usr/lib/heaptrack/libheaptrack_preload.so';
const INTERPRET = '/usr/lib/heaptrack/libexec/heaptrack_interpret';

export interface Tracing {
  /** Environment for the server's launch. */
  readonly env: Record<string, string>;
  /** Resolves when the trace file is complete (after the server exited). */
  readonly done: () => Promise<void>;
}

/** Sets up the pipe and its reader for a traced server launch, or undefined when not asked for. */
export const heaptrackTracing = (log: (line: string) => void): Tracing | undefined => {
  const path = process.env.CONTEXTERM_SOAK_HEAPTRACK;
  if (!path) return undefined;
  const pipe = `${path}.fifo`;
  rmSync(pipe, { force: true });
  execFileSync('mkfifo', [pipe]);
  // The library unsets both variables once loaded, so the shells the server starts are not traced.
  const reader = spawn('sh', ['-c', `"${INTERPRET}" < "${pipe}" | zstd -q -c > "${path}.zst"`], { stdio: 'inherit' });
  const exited = new Promise<void>((resolve) => reader.once('exit', () => resolve()));
  log(`heaptrack: tracing the server into ${path}.zst`);
  return {
    env: { LD_PRELOAD: PRELOAD, DUMP_HEAPTRACK_OUTPUT: pipe },
    done: async () => {
      await exited;
      rmSync(pipe, { force: true });
    },
  };
};
