// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { event, invoke } from './define';

/**
 * This device's sync as Settings → Sync and the status line show it (contract: `sync-status`).
 * `off`: not set up in this data dir; `idle`: set up, between runs; `syncing`: a run is going on;
 * `failed`: the last run failed (`lastError` says why in plain words), the next one retries.
 */
export const SyncState = z.strictObject({
  state: z.enum(['off', 'idle', 'syncing', 'failed']),
  device: z.string().nullable(),
  /** Where it syncs, in plain words (`bucket NAME at URL`, `folder DIR`). */
  where: z.string().nullable(),
  lastPushAt: z.number().nullable(),
  lastPullAt: z.number().nullable(),
  /** This device's records not in the bucket yet; null before the first run. */
  pending: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** Other devices seen in the bucket at the last run (this one included). */
  devices: z.number().int().nullable(),
});
export type SyncState = z.infer<typeof SyncState>;

export const syncChannels = {
  'sync:status': invoke(z.strictObject({}), SyncState),
  /** Syncs now (after the run going on, if any) and answers with the state after it. */
  'sync:now': invoke(z.strictObject({}), SyncState),
  /** Stops syncing on this device; the bucket is left as it is. */
  'sync:off': invoke(z.strictObject({}), SyncState),
  'sync:changed': event(SyncState),
} as const;
