// SPDX-License-Identifier: MIT
import { useSettings } from '../state/settings';
import { useSyncState } from './use-sync-state';

/** Opens Settings at Sync, where the reason and "Sync now" are. */
const openSyncSettings = () => {
  useSettings.getState().setPageOpen(true);
  requestAnimationFrame(() => document.getElementById('settings-sync')?.scrollIntoView({ block: 'start' }));
};

/**
 * A line above the terminal while sync fails (offline, credentials, a refused object): recording
 * goes on meanwhile and the next run catches up, so it informs and never blocks.
 */
export const SyncBanner = () => {
  const state = useSyncState();
  if (state?.state !== 'failed') return null;
  return (
    <div className="recording-banner failing" data-testid="sync-failing" role="status" title={state.lastError ?? undefined}>
      <span className="recording-banner-text">
        Sync failed: {state.lastError ?? 'unknown reason'}. Recording goes on; it retries by itself.
      </span>
      <button className="link-button" onClick={openSyncSettings}>
        Sync settings
      </button>
    </div>
  );
};
