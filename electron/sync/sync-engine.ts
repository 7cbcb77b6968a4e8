// SPDX-License-Identifier: MIT
import type Database from 'better-sqlite3';
import type { SyncBackend } from './backend';
import { FolderBackend } from './folder-backend';
import { verifyKey, writeKeyCheck } from './key-check';
import type { SyncConfig } from './sync-config';
import type { SyncContext, SyncReport } from './sync-context';
import { SyncError } from './sync-error';
import { SyncLayout } from './sync-format';
import { deriveKeys } from './sync-keys';
import { pull } from './sync-pull';
import { push } from './sync-push';
import { SyncTables } from './sync-tables';

/** The backend a set-up names; the AWS SDK is imported only for an S3 one. */
export const openBackend = async (backend: SyncConfig['backend']): Promise<SyncBackend> => {
  if (backend.kind === 'folder') return new FolderBackend(backend.path);
  const { S3Backend } = await import('./s3-backend');
  return S3Backend.connect(backend);
};

const layoutOf = (config: Pick<SyncConfig, 'prefix'>, key: Uint8Array): SyncLayout => new SyncLayout(config.prefix, deriveKeys(key).names);

/** The first device: the bucket must exist and hold no group under this prefix yet. */
export const createGroup = async (backend: SyncBackend, config: Pick<SyncConfig, 'prefix'>, key: Uint8Array): Promise<void> => {
  await backend.probe();
  await writeKeyCheck(backend, layoutOf(config, key), deriveKeys(key));
};

/** Another device: its key must open the group's key check, or nothing is written. */
export const checkGroup = async (backend: SyncBackend, config: Pick<SyncConfig, 'prefix'>, key: Uint8Array): Promise<void> => {
  await backend.probe();
  await verifyKey(backend, layoutOf(config, key), deriveKeys(key));
};

export interface RunOptions {
  readonly db: Database.Database;
  readonly backend: SyncBackend;
  readonly config: SyncConfig;
  readonly key: Uint8Array;
  readonly forget: (ids: readonly string[]) => number;
  readonly now?: () => number;
}

/**
 * One sync: the key check (nothing is written under a wrong key), then pull (others' tombstones
 * and segments), then push (this device's new records, its segments rewritten without forgotten
 * records, its manifest). Pull first, so tombstones pulled now are honoured in this push's rewrite.
 */
export const syncOnce = async (options: RunOptions): Promise<SyncReport> => {
  const keys = deriveKeys(options.key);
  const ctx: SyncContext = {
    backend: options.backend,
    keys,
    layout: layoutOf(options.config, options.key),
    tables: new SyncTables(options.db),
    deviceId: options.config.deviceId,
    deviceName: options.config.deviceName,
    withOutput: options.config.content === 'output',
    forget: options.forget,
    now: options.now ?? Date.now,
  };
  try {
    await verifyKey(ctx.backend, ctx.layout, keys);
  } catch (error) {
    // This device joined with the key it holds: a check it no longer opens was rotated elsewhere.
    if (!(error instanceof SyncError) || error.code !== 'wrong-key') throw error;
    throw new SyncError(
      'wrong-key',
      `the key changed: the sync group in ${ctx.backend.where} was set up again with a new phrase; run 'contexterm sync off', then 'sync join' with the new phrase (nothing was written)`,
    );
  }
  const report: SyncReport = { pushed: 0, pulled: 0, forgotten: 0, rewritten: 0, devices: 1, refused: [] };
  await pull(ctx, report);
  await push(ctx, report);
  return report;
};

/**
 * `sync off`: this device stops syncing. The bucket is left as it is (the other devices keep
 * syncing, and this device's records stay there for them); here the records pulled keep their
 * device, and what sync kept to resume (pushed, seen, tombstones) goes, so a later join starts clean.
 */
export const forgetSyncState = (db: Database.Database): void => {
  db.exec('DELETE FROM sync_pushed; DELETE FROM sync_seen; DELETE FROM sync_tombstones;');
};
