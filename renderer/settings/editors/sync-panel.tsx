// SPDX-License-Identifier: MIT
import { useState } from 'react';
import { ConfirmDialog } from '../../layout/confirm-dialog';
import { invoke } from '../../transport/invoke';
import { syncLines, useSyncState } from '../../sync/use-sync-state';
import { SyncSetUp } from './sync-set-up';

const OFF_QUESTION =
  'Stop syncing on this device? Its key and set-up are removed from here; the bucket is left as it is and the other devices keep syncing. Joining again needs the recovery phrase.';

/**
 * Settings → Sync: this device's state (contract: `sync-status`), "Sync now" and turning sync off.
 * They act at once, not on Save; so does the set-up (sync-set-up.tsx), shown while sync is off.
 */
export const SyncPanel = () => {
  const state = useSyncState();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [asking, setAsking] = useState(false);
  const [phrase, setPhrase] = useState<string | undefined>();

  const act = async (channel: 'sync:now' | 'sync:off') => {
    setBusy(true);
    setError(undefined);
    const result = await invoke(channel, {});
    setBusy(false);
    if (!result.ok) setError(result.error.message);
  };

  const on = state !== undefined && state.state !== 'off';
  return (
    <div className="sync-panel">
      <div
        data-testid="sync-status"
        data-state={state?.state ?? ''}
        data-device={state?.device ?? ''}
        data-last-sync={state?.lastPushAt ?? ''}
        aria-live="polite"
      >
        {state === undefined ? (
          <p className="field-hint">Reading the sync state…</p>
        ) : (
          syncLines(state, Date.now()).map((line) => <p key={line}>{line}</p>)
        )}
        {state?.state === 'syncing' && <p className="field-hint">Syncing…</p>}
        {state?.lastError && (
          <p className="field-error" role="alert" data-testid="sync-error">
            {state.state === 'failed' ? 'The last sync failed: ' : 'The last sync reported: '}
            {state.lastError}
          </p>
        )}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {phrase !== undefined && (
        <div className="sync-phrase" role="alert">
          <p>Recovery phrase, shown this once: write it down. It is the only way to add a device or read the bucket again.</p>
          <pre data-testid="sync-phrase-shown">{phrase}</pre>
          <button className="small" data-testid="sync-phrase-done" onClick={() => setPhrase(undefined)}>
            I have written it down
          </button>
        </div>
      )}
      {state?.state === 'off' && <SyncSetUp onPhrase={setPhrase} />}
      {on && (
        <div className="storage-actions">
          <button
            className="small"
            data-testid="sync-now"
            disabled={busy || state.state === 'syncing'}
            onClick={() => void act('sync:now')}
          >
            Sync now
          </button>
          <button className="small danger" data-testid="sync-off" disabled={busy} onClick={() => setAsking(true)}>
            Turn sync off…
          </button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          message={OFF_QUESTION}
          confirmLabel="Turn sync off"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void act('sync:off');
          }}
        />
      )}
    </div>
  );
};
