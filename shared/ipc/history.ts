// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { CommandRecord } from '../domain/command';
import { HistoryQuery } from '../domain/history-query';
import { event, invoke } from './define';

/** What is kept, and for how long: a setting, defined with the others (shared/settings/command-entries.ts). */
export { HistorySettings } from '../settings/registry';

/** How a terminal is recorded: fully, paused by the user, or a private tab that is never recorded. */
export const RecordingState = z.enum(['on', 'paused', 'private']);
export type RecordingState = z.infer<typeof RecordingState>;

export const HistoryUsage = z.object({
  /** The database file with its write-ahead log: what the data directory really holds. */
  dbBytes: z.number().int().min(0),
  /** Pages SQLite holds free inside the file (reused before the file grows; "free space now" returns them). */
  freeBytes: z.number().int().min(0),
  /** Raw terminal output kept, all sessions. */
  rawBytes: z.number().int().min(0),
  /** Raw output dropped from the middle of commands over the per-command limit. */
  droppedBytes: z.number().int().min(0),
  commands: z.number().int().min(0),
  sessions: z.number().int().min(0),
  oldestRawAt: z.number().nullable(),
  oldestCommandAt: z.number().nullable(),
});
export type HistoryUsage = z.infer<typeof HistoryUsage>;

const CommandIdString = z.string().min(3).max(160);

/** The longest typed line a suggestion is asked for (a 10,000-character line still is). */
export const SUGGEST_MAX_CHARS = 10_000;

/** How long "Forget this command" can still be undone before its bytes are erased. */
const FORGET_UNDO_MAX_MS = 30_000;

/**
 * One command, one whole session, or everything recorded in a time range (epoch ms, end exclusive).
 * Commands may be erased `undoMs` later instead of at once (`history:forget-undo` takes them back).
 */
export const ForgetRequest = z.union([
  z.strictObject({
    commandIds: z.array(CommandIdString).min(1).max(1000),
    undoMs: z.number().int().min(0).max(FORGET_UNDO_MAX_MS).optional(),
  }),
  z.strictObject({ sessionId: z.string().min(1).max(128) }),
  z.strictObject({ sinceMs: z.number().int().min(0), untilMs: z.number().int().min(0).optional() }),
]);
export type ForgetRequest = z.infer<typeof ForgetRequest>;

export const ForgetResult = z.object({
  commands: z.number().int().min(0),
  sessions: z.number().int().min(0),
  rawBytes: z.number().int().min(0),
  /** Conversation messages whose attachments named a forgotten command. */
  attachments: z.number().int().min(0),
});
export type ForgetResult = z.infer<typeof ForgetResult>;

/**
 * Whether recording works. `failing` while writes to the database fail (the UI shows a banner);
 * back to `ok` once a write succeeds again. `reason` is the kind of failure, `message` plain words
 * (for `writer`, the database's writer thread failed, it says what was lost and what happens next).
 */
export const RecordingStatus = z.object({
  state: z.enum(['ok', 'failing']),
  reason: z.enum(['disk-full', 'locked', 'read-only', 'io', 'writer', 'other']).nullable(),
  message: z.string(),
  /** When the current state began (epoch ms). */
  since: z.number(),
  /** Raw output bytes that could not be stored during the last failure. */
  lostBytes: z.number().int().min(0),
});
export type RecordingStatus = z.infer<typeof RecordingStatus>;

/**
 * What the Ctrl+R overlay asks the one history engine (shared/domain/history-query.ts) in its fuzzy
 * mode: letters matched in order against command lines (empty lists the newest), narrowed by the
 * filters it has switched on, one page (`offset`, `limit`) of the ranked list.
 */
export const HistorySearchRequest = HistoryQuery.omit({ mode: true });
export type HistorySearchRequest = z.infer<typeof HistorySearchRequest>;

/** One result: the newest run of a command line, and where in that line the query matched (code-unit indexes, for highlighting). */
export const HistorySearchHit = z.object({ command: CommandRecord, matched: z.array(z.number().int().min(0)) });
export type HistorySearchHit = z.infer<typeof HistorySearchHit>;

/** How many records match, all pages together: exact, or a lower bound ("4,000+") when counting them all would not be bounded. */
export const HistoryTotal = z.object({ total: z.number().int().min(0), totalExact: z.boolean() });

export const historyChannels = {
  'history:usage': invoke(z.strictObject({}), HistoryUsage),
  /** Applies the retention limits now and gives free pages back to the file system. */
  'history:free-space': invoke(z.strictObject({}), HistoryUsage.extend({ freedBytes: z.number().int() })),
  /** Removes raw bytes, records, search entries and conversation attachments; the file keeps no copy. */
  'history:forget': invoke(ForgetRequest, ForgetResult),
  'history:status': invoke(z.strictObject({}), RecordingStatus),
  /**
   * Every recorded command of every session (ended and remote ones too), ranked by a fuzzy match of
   * the query on the command line, the newest breaking ties; one result per distinct line; `total`
   * counts them all. Commands whose forget is still in its undo window are left out.
   */
  'history:search': invoke(HistorySearchRequest, HistoryTotal.extend({ hits: z.array(HistorySearchHit) })),
  /** Takes back a forget still waiting out its `undoMs`; `restored` lists the commands it kept. */
  'history:forget-undo': invoke(
    z.strictObject({ commandIds: z.array(CommandIdString).min(1).max(1000) }),
    z.object({ restored: z.array(z.string()) }),
  ),
  /** Something was forgotten (in any window): drop it from lists. A range names the span it covered. */
  'history:forgotten': event(
    z.object({
      commandIds: z.array(z.string()),
      sessionIds: z.array(z.string()),
      range: z.object({ sinceMs: z.number(), untilMs: z.number() }).nullable(),
    }),
  ),
  'history:status-changed': event(RecordingStatus),
  /**
   * The inline suggestion at terminal `id`'s prompt: the best recorded line starting with `prefix`
   * (its directory's first), or null. Never for a private terminal, a command running, a line
   * being forgotten or a secret-shaped line. Asked on every keystroke; the renderer drops stale answers.
   */
  'history:suggest': invoke(
    z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), prefix: z.string().min(1).max(SUGGEST_MAX_CHARS) }),
    z.object({ line: z.string().nullable() }),
  ),
} as const;

// History across machines (Settings → Sync, `contexterm sync`), beside the history it carries.

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
