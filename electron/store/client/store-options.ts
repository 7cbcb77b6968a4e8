// SPDX-License-Identifier: MIT
import type { IntegrityCheckPolicy } from '../database/open-database';
import type { RestartLimits } from '../../runtime/restart-policy';

/** What openStore (store.ts) takes. */
export interface OpenStoreOptions {
  readonly dataDir: string;
  readonly fileName?: string;
  /** The worker script; defaults to resolveStoreWorkerUrl() (the bundle's sibling, or an on-the-fly build from source). */
  readonly workerUrl?: URL;
  readonly integrityCheck?: IntegrityCheckPolicy;
  /** Writes the worker could not apply, and a worker that died. Default: console.error. */
  readonly onError?: (error: Error) => void;
  /** Slow reads (≥ 40 ms). Default: console.warn. */
  readonly log?: (message: string) => void;
  /** How often a writer that died is replaced (default: DEFAULT_RESTART_LIMITS). */
  readonly writerRestarts?: RestartLimits;
  /** Quiet time after which the writer thread is stopped until the next write (default WRITER_IDLE_MS). */
  readonly writerIdleMs?: number;
}
