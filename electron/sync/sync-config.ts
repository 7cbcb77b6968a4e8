// SPDX-License-Identifier: MIT
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { KEY_BYTES } from './sync-keys';
import { SyncError } from './sync-error';

/**
 * This device's sync set-up, in `sync.json` in the data dir (0600): where the bucket is, who this
 * device is, what it sends. No credential is ever written here (the AWS SDK's chain finds them),
 * and the key is kept apart by a KeyStore.
 */
const syncConfigSchema = z.object({
  v: z.literal(1),
  backend: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('s3'), endpoint: z.string().url(), bucket: z.string().min(1), region: z.string().min(1) }),
    z.object({ kind: z.literal('folder'), path: z.string().min(1) }),
  ]),
  prefix: z.string(),
  deviceId: z.string().uuid(),
  deviceName: z.string().min(1),
  /** `output`: command lines with their output; `commands`: command lines only. */
  content: z.enum(['output', 'commands']),
});
export type SyncConfig = z.infer<typeof syncConfigSchema>;

/** When it last pushed and pulled, and what went wrong last (`sync status`). */
const syncStatusSchema = z.object({
  lastPushAt: z.number().nullable(),
  lastPullAt: z.number().nullable(),
  lastError: z.string().nullable(),
  refused: z.array(z.string()),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

const CONFIG_FILE = 'sync.json';
const STATUS_FILE = 'sync-status.json';
const KEY_FILE = 'sync-key';

const writePrivate = (path: string, text: string): void => {
  const temp = `${path}.tmp-${process.pid}`;
  writeFileSync(temp, text, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
};

export const newDeviceIdentity = (): { deviceId: string; deviceName: string } => ({
  deviceId: randomUUID(),
  deviceName: hostname() || 'device',
});

export const readConfig = (dataDir: string): SyncConfig | undefined => {
  const path = join(dataDir, CONFIG_FILE);
  if (!existsSync(path)) return undefined;
  const parsed = syncConfigSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success)
    throw new SyncError('not-set-up', `${path} is not a sync set-up this version reads; run 'contexterm sync off' and set it up again`);
  return parsed.data;
};

export const writeConfig = (dataDir: string, config: SyncConfig): void =>
  writePrivate(join(dataDir, CONFIG_FILE), `${JSON.stringify(config, null, 2)}\n`);

export const readStatus = (dataDir: string): SyncStatus => {
  const path = join(dataDir, STATUS_FILE);
  const empty: SyncStatus = { lastPushAt: null, lastPullAt: null, lastError: null, refused: [] };
  if (!existsSync(path)) return empty;
  const parsed = syncStatusSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  return parsed.success ? parsed.data : empty;
};

export const writeStatus = (dataDir: string, status: SyncStatus): void =>
  writePrivate(join(dataDir, STATUS_FILE), `${JSON.stringify(status)}\n`);

/**
 * Where the key is kept. Browser mode and the CLI: a 0600 file in the 0700 data dir. The desktop
 * app is meant to keep it through Electron's safeStorage (the OS keychain) behind this same
 * interface; that implementation is Electron-only and not written yet (docs/history.md).
 */
interface KeyStore {
  load(): Uint8Array | undefined;
  save(key: Uint8Array): void;
  remove(): void;
}

export class FileKeyStore implements KeyStore {
  private readonly _path: string;

  constructor(dataDir: string) {
    this._path = join(dataDir, KEY_FILE);
  }

  load(): Uint8Array | undefined {
    if (!existsSync(this._path)) return undefined;
    const key = Buffer.from(readFileSync(this._path, 'utf8').trim(), 'base64');
    if (key.length !== KEY_BYTES)
      throw new SyncError('not-set-up', `${this._path} does not hold a sync key; run 'contexterm sync join' again`);
    return new Uint8Array(key);
  }

  save(key: Uint8Array): void {
    writePrivate(this._path, `${Buffer.from(key).toString('base64')}\n`);
  }

  remove(): void {
    rmSync(this._path, { force: true });
  }
}

export const removeSetUp = (dataDir: string): void => {
  for (const file of [CONFIG_FILE, STATUS_FILE]) rmSync(join(dataDir, file), { force: true });
};
