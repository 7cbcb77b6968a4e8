// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import { useSettings } from '../state/settings';
import { api, connection } from '../transport/api';
import { invoke } from '../transport/invoke';
import { HIDDEN, nextBanner, RESUMED_MS, type BannerState } from './banner-state';

/** Opens Settings at the storage section, where space can be freed and limits lowered. */
const openStorageSettings = () => {
  useSettings.getState().setPageOpen(true);
  requestAnimationFrame(() => document.getElementById('settings-history')?.scrollIntoView({ block: 'start' }));
};

/**
 * A strip above the terminal while recording fails (a full disk, a locked database), then for a
 * few seconds once it works again. It only takes a line of height: the terminal stays usable.
 */
export const RecordingBanner = () => {
  const [banner, setBanner] = useState<BannerState>(HIDDEN);

  useEffect(() => {
    const ask = () => void invoke('history:status', {}).then((result) => result.ok && setBanner((b) => nextBanner(b, result.value)));
    const offChanged = api.on('history:status-changed', (status) => setBanner((b) => nextBanner(b, status)));
    // A change missed while disconnected would leave a stale banner: ask again on every reconnect.
    const offStatus = connection.onStatus((status) => status === 'open' && ask());
    ask();
    return () => {
      offChanged();
      offStatus();
    };
  }, []);

  useEffect(() => {
    if (banner.kind !== 'resumed') return;
    const timer = setTimeout(() => setBanner(HIDDEN), RESUMED_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  if (banner.kind === 'hidden') return null;
  const failing = banner.kind === 'failing';
  return (
    <div
      className={`recording-banner ${failing ? 'failing' : 'ok'}`}
      data-testid="recording-banner"
      data-state={failing ? 'failing' : 'ok'}
      role={failing ? 'alert' : 'status'}
      title={failing ? banner.detail : undefined}
    >
      <span className="recording-banner-text">{banner.text}</span>
      {banner.kind === 'failing' && banner.storage && (
        <button className="link-button" onClick={openStorageSettings}>
          Storage settings
        </button>
      )}
      {!failing && (
        <button className="icon-button" aria-label="Dismiss" data-testid="recording-banner-dismiss" onClick={() => setBanner(HIDDEN)}>
          ×
        </button>
      )}
    </div>
  );
};
