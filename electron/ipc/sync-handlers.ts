// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc/define';
import type { SyncState } from '../../shared/ipc/sync';
import { SyncError } from '../sync/sync-error';

export interface SyncControl {
  state(): SyncState;
  now(): Promise<SyncState>;
  off(): Promise<SyncState>;
}

/** A sync failure the user can act on becomes a plain message; anything else stays a bug. */
const plain = async (run: () => Promise<SyncState>): Promise<SyncState> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SyncError) throw new DomainError(error.code === 'not-set-up' ? 'invalid-request' : 'failed', error.message);
    throw error;
  }
};

/** Settings → Sync: the state, "Sync now" and turning sync off (electron/sync-service does them). */
export const syncHandlers = (sync: SyncControl) => ({
  'sync:status': async () => sync.state(),
  'sync:now': () => plain(() => sync.now()),
  'sync:off': () => plain(() => sync.off()),
});
