// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import type { SyncState } from '../../shared/ipc/history';
import { api, connection } from '../transport/api';
import { invoke } from '../transport/invoke';

/** This device's sync state, kept current by main's `sync:changed` (and asked again on reconnect). */
export const useSyncState = (): SyncState | undefined => {
  const [state, setState] = useState<SyncState | undefined>();
  useEffect(() => {
    const ask = () => void invoke('sync:status', {}).then((result) => result.ok && setState(result.value));
    const offChanged = api.on('sync:changed', setState);
    const offStatus = connection.onStatus((status) => status === 'open' && ask());
    ask();
    return () => {
      offChanged();
      offStatus();
    };
  }, []);
  return state;
};

const when = (ms: number | null, now: number): string => {
  if (ms === null) return 'never';
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  return new Date(ms).toLocaleString();
};

/** The state in plain words, one line each (Settings → Sync). */
export const syncLines = (state: SyncState, now: number): string[] => {
  if (state.state === 'off')
    return ["Sync is off on this device. Set it up below, or with 'contexterm sync init' (first device) or 'contexterm sync join'."];
  const lines = [
    `This device: ${state.device ?? 'unknown'}, syncing with ${state.where ?? 'an unknown place'}.`,
    `Last push ${when(state.lastPushAt, now)}, last pull ${when(state.lastPullAt, now)}.`,
  ];
  if (state.pending !== null)
    lines.push(state.pending === 0 ? 'Nothing waiting to be sent.' : `${state.pending} record(s) waiting to be sent.`);
  if (state.devices !== null) lines.push(`${state.devices} device(s) in the group.`);
  return lines;
};
