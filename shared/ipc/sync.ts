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

/**
 * Settings → Sync's set-up, as `contexterm sync init|join` takes it: an S3-compatible bucket
 * (credentials from the AWS SDK's chain in main, never typed here). With `phrase`, this device
 * joins that group; without, it starts one and the answer carries its recovery phrase, shown once.
 */
const SyncSetUpRequest = z.strictObject({
  endpoint: z
    .string()
    .max(2000)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'the endpoint must be an http(s) URL'),
  bucket: z.string().trim().min(1, 'a bucket name is needed').max(255),
  prefix: z
    .string()
    .max(500)
    .transform((value) => value.trim().replace(/^\/+|\/+$/g, ''))
    .refine((value) => !value.split('/').some((part) => part === '.' || part === '..'), 'the prefix may not hold . or .. parts'),
  region: z.string().trim().min(1).max(100),
  deviceName: z.string().trim().max(100),
  commandsOnly: z.boolean(),
  phrase: z.string().max(1000).optional(),
});

export const syncChannels = {
  /** Starts or joins a group; `phrase` is a new group's recovery phrase (null on a join). */
  'sync:set-up': invoke(SyncSetUpRequest, z.strictObject({ state: SyncState, phrase: z.string().nullable() })),
  'sync:status': invoke(z.strictObject({}), SyncState),
  /** Syncs now (after the run going on, if any) and answers with the state after it. */
  'sync:now': invoke(z.strictObject({}), SyncState),
  /** Stops syncing on this device; the bucket is left as it is. */
  'sync:off': invoke(z.strictObject({}), SyncState),
  'sync:changed': event(SyncState),
} as const;
