// SPDX-License-Identifier: MIT
import type { InvokeParsed } from '../../shared/ipc';
import { DomainError } from '../../shared/ipc/define';
import type { SyncState } from '../../shared/ipc/history';
import { setUpSync } from '../sync-service/sync-setup';
import { SyncError } from '../sync/sync-error';

export interface SyncControl {
  state(): SyncState;
  now(): Promise<SyncState>;
  off(): Promise<SyncState>;
  /** After a set-up: says so to every window and starts a first run. */
  started(): void;
}

/** A sync failure the user can act on becomes a plain message; anything else stays a bug. */
const plain = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof SyncError)) throw error;
    const theirs = ['not-set-up', 'already-set-up', 'wrong-key', 'bad-input', 'no-bucket', 'credentials'].includes(error.code);
    throw new DomainError(theirs ? 'invalid-request' : 'failed', error.message);
  }
};

/** Settings → Sync: the state, set-up, "Sync now" and turning sync off (electron/sync-service does them). */
export const syncHandlers = (sync: SyncControl, dataDir: string) => ({
  'sync:status': async () => sync.state(),
  'sync:now': () => plain(() => sync.now()),
  'sync:off': () => plain(() => sync.off()),
  'sync:set-up': (request: InvokeParsed<'sync:set-up'>) =>
    plain(async () => {
      const { phrase } = await setUpSync(dataDir, {
        backend: { kind: 's3', endpoint: request.endpoint, bucket: request.bucket, region: request.region },
        prefix: request.prefix,
        commandsOnly: request.commandsOnly,
        deviceName: request.deviceName === '' ? undefined : request.deviceName,
        phrase: request.phrase,
      });
      sync.started();
      return { state: sync.state(), phrase };
    }),
});
