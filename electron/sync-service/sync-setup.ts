// SPDX-License-Identifier: MIT
import { mkdirSync } from 'node:fs';
import { FileKeyStore, newDeviceIdentity, readConfig, writeConfig, type SyncConfig } from '../sync/sync-config';
import { checkGroup, createGroup, openBackend } from '../sync/sync-engine';
import { SyncError } from '../sync/sync-error';
import { keyToPhrase, newKey, phraseToKey } from '../sync/sync-keys';

export interface SetUpRequest {
  readonly backend: SyncConfig['backend'];
  readonly prefix: string;
  readonly commandsOnly: boolean;
  readonly deviceName?: string | undefined;
  /** Joining a group: its recovery phrase. Absent: a new group with a new key. */
  readonly phrase?: string | undefined;
}

export interface SetUpDone {
  readonly config: SyncConfig;
  /** A new group's recovery phrase, to show once; null on a join. */
  readonly phrase: string | null;
}

/**
 * `sync init` and `sync join`, for the CLI and Settings → Sync alike. The bucket is checked before
 * anything is kept here: a wrong phrase (or a bucket that is missing, or refuses the credentials)
 * leaves no trace on either side. Only set-up files are written, never the database, so the app's
 * writer need not be asked.
 */
export const setUpSync = async (dataDir: string, request: SetUpRequest): Promise<SetUpDone> => {
  if (readConfig(dataDir) !== undefined) throw new SyncError('already-set-up', `sync is already on in ${dataDir}; turn it off first`);
  const key = request.phrase !== undefined ? phraseToKey(request.phrase) : newKey();
  const identity = newDeviceIdentity();
  const config: SyncConfig = {
    v: 1,
    backend: request.backend,
    prefix: request.prefix,
    deviceId: identity.deviceId,
    deviceName: request.deviceName ?? identity.deviceName,
    content: request.commandsOnly ? 'commands' : 'output',
  };
  const backend = await openBackend(config.backend);
  try {
    if (request.phrase === undefined) await createGroup(backend, config, key);
    else await checkGroup(backend, config, key);
  } finally {
    backend.close();
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  new FileKeyStore(dataDir).save(key);
  writeConfig(dataDir, config);
  return { config, phrase: request.phrase === undefined ? keyToPhrase(key) : null };
};
